import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelPlayersQuerySchema, funnelQuerySchema, type FunnelQueryInput } from '@questboard/shared/analytics-funnels';
import { openDuckDbEventStore } from '../../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../../events/event-store';
import { demoPopulation } from '../../demo/demo-population';
import { eventStoreTargets, openTestEventStore } from '../../../../test/event-stores';
import { demoFunnels, funnelDeletions, funnelEdgeCases, tutorialSteps } from '../../../../test/game-cases';
import { firstDifference } from '../../../../test/reference-metrics';
import { referenceFunnel, referenceFunnelPlayers } from '../../../../test/reference-funnel';

// Funnels against the plain reference implementation (ADR 027): on demo players in DuckDB, and on
// hand-made players for each rule of the counting (docs/product/metrics.md#funnels) on each store
// (DuckDB, and ClickHouse when the run has a server). The cases are test/game-cases.ts's, which
// clickhouse-game.int.test.ts asks of its own demo players too.

const projectId = '0a7c5e11-9999-4999-8999-000000000027';
const deletionsProject = '0a7c5e11-9999-4999-8999-000000000028';
const receivedAt = new Date('2026-03-01T15:00:00Z');
const json = (value: unknown) => JSON.stringify(value);

const aPage = [{ limit: 7, offset: 3 }];
/** A page in the middle, every player, and a page beyond them all. */
const everyPage = [...aPage, { limit: 1000, offset: 0 }, { limit: 5, offset: 100_000 }];

/** The funnel and, for each step from 2, the pages of the players who dropped there. */
async function compare(events: readonly NewEvent[], store: EventStore, input: FunnelQueryInput, pages = aPage, project = projectId) {
  const query = funnelQuerySchema.parse(input);
  const expected = referenceFunnel(events, query);
  const actual = await store.metrics.funnel(project, query);
  expect(firstDifference(actual, expected)).toBeUndefined();
  for (let step = 2; step <= query.steps.length; step += 1) {
    for (const page of pages) {
      const players = funnelPlayersQuerySchema.parse({ ...input, step, ...page });
      expect(firstDifference(await store.metrics.funnelPlayers(project, players), referenceFunnelPlayers(events, players))).toBeUndefined();
    }
  }
  return actual;
}

describe('funnels on demo players match the reference', () => {
  const end = new Date('2026-03-01T15:00:00Z');
  const events: NewEvent[] = [];
  let store: EventStore;
  const whole = { from: '2026-01-01', to: '2026-03-01' };
  const fortnight = { from: '2026-02-10', to: '2026-02-23' };

  beforeAll(async () => {
    for (const demo of demoPopulation({ players: 1200, days: 60, end, seed: 27 })) events.push({ ...demo, receivedAt, demo: true });
    store = await openDuckDbEventStore({ file: ':memory:' });
    for (let start = 0; start < events.length; start += 20_000) await store.append(projectId, events.slice(start, start + 20_000));
  });
  afterAll(() => store.close());

  const cases = demoFunnels(whole, fortnight);
  it.each(cases)('%s', async (_name, input) => {
    const answer = await compare(events, store, input);
    expect(answer.steps[0]!.players).toBeGreaterThan(0);
  });

  it('loses players at every tutorial step, and times them', async () => {
    const answer = await store.metrics.funnel(projectId, funnelQuerySchema.parse({ ...whole, steps: json(tutorialSteps) }));
    const players = answer.steps.map((step) => step.players);
    for (let index = 1; index < players.length; index += 1) expect(players[index]!).toBeLessThan(players[index - 1]!);
    expect(answer.steps[3]!.medianSeconds).toBeGreaterThan(answer.steps[1]!.medianSeconds!);
    expect(answer.steps[3]!.p90Seconds).toBeGreaterThan(answer.steps[3]!.medianSeconds!);
  });
});

describe.each(eventStoreTargets)('funnels on hand-made players on $name', (target) => {
  const edges = funnelEdgeCases();
  const edgeEvents = edges.flatMap((edge) => edge.events);
  const deletions = funnelDeletions();
  let store: EventStore;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ store, close } = await openTestEventStore(target));
    await store.append(projectId, edgeEvents);
    await store.append(deletionsProject, deletions.sent);
    await store.deleteDemo(deletionsProject);
  });
  afterAll(() => close());

  it.each(edges.map((edge) => [edge.name, edge] as const))('%s', async (_name, edge) => {
    const answer = await compare(edgeEvents, store, edge.input, edge.onePage ? aPage : everyPage);
    expect(answer.steps.map((step) => step.players)).toEqual(edge.players);
    edge.check?.(answer);
  });

  it('counts a duplicate insert_id once, and deleted events never', async () => {
    const answer = await compare(deletions.kept, store, deletions.input, everyPage, deletionsProject);
    expect(answer.steps.map((step) => step.players)).toEqual(deletions.players);
  });
});
