import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funnelPlayersQuerySchema, funnelQuerySchema, type FunnelQueryInput, type FunnelStepInput } from '@questboard/shared/analytics-funnels';
import { openDuckDbEventStore } from '../../events/duckdb-event-store';
import type { EventStore, NewEvent } from '../../events/event-store';
import { demoPopulation } from '../../demo/demo-population';
import { firstDifference } from '../../../../test/reference-metrics';
import { referenceFunnel, referenceFunnelPlayers } from '../../../../test/reference-funnel';

// Funnels in DuckDB against the plain reference implementation (ADR 027): on demo players, and on
// hand-made players for each rule of the counting (docs/product/metrics.md#funnels).

const projectId = '0a7c5e11-9999-4999-8999-000000000027';
const receivedAt = new Date('2026-03-01T15:00:00Z');
const openStore = () => openDuckDbEventStore({ file: ':memory:' });
const steps = (...names: string[]): FunnelStepInput[] => names.map((event) => ({ event }));
const tutorial: FunnelStepInput[] = [1, 2, 3, 4].map((step) => ({ event: 'tutorial_step', filters: [{ property: 'step', operator: 'eq', value: String(step) }] }));
const json = (value: FunnelStepInput[]) => JSON.stringify(value);

async function compare(events: NewEvent[], store: EventStore, input: FunnelQueryInput) {
  const query = funnelQuerySchema.parse(input);
  const expected = referenceFunnel(events, query);
  const actual = await store.metrics.funnel(projectId, query);
  expect(firstDifference(actual, expected)).toBeUndefined();
  for (let step = 2; step <= query.steps.length; step += 1) {
    const players = funnelPlayersQuerySchema.parse({ ...input, step, limit: 7, offset: 3 });
    expect(firstDifference(await store.metrics.funnelPlayers(projectId, players), referenceFunnelPlayers(events, players))).toBeUndefined();
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
    store = await openStore();
    for (let start = 0; start < events.length; start += 20_000) await store.append(projectId, events.slice(start, start + 20_000));
  });
  afterAll(() => store.close());

  const cases: [string, FunnelQueryInput][] = [
    ['the 4-step tutorial and its completion, one day', { ...whole, steps: json([...tutorial, { event: 'tutorial_complete' }]), window: '1440' }],
    ['the tutorial by platform, by week', { ...whole, steps: json(tutorial), breakdown: 'platform', granularity: 'week' }],
    ['the tutorial in any order, 10 minutes', { ...fortnight, steps: json(tutorial), order: 'any', window: '10' }],
    ['install to purchase in 7 days, by country', { ...whole, steps: json(steps('install', 'level_complete', 'store_open', 'purchase')), window: '10080', breakdown: 'country' }],
    ['level 3 to 5 by the level property, iOS and Android', {
      ...whole,
      steps: json([
        { event: 'level_start', filters: [{ property: 'level', operator: 'gte', value: 3 }] },
        { event: 'level_fail', filters: [{ property: 'level', operator: 'in', values: ['3', '4'] }] },
        { event: 'level_complete', filters: [{ property: 'level', operator: 'gt', value: 4 }, { property: 'stars', operator: 'neq', value: '1' }] },
      ]),
      window: '4320',
      breakdown: 'property',
      breakdownProperty: 'level',
      platform: 'ios,android',
    }],
    ['a repeated step: level_start three times in an hour, by version', { ...fortnight, steps: json(steps('level_start', 'level_start', 'level_start')), window: '60', breakdown: 'app_version' }],
    ['the same in any order, by month', { ...whole, steps: json(steps('level_start', 'level_fail', 'ad_impression')), order: 'any', window: '90', granularity: 'month' }],
  ];
  it.each(cases)('%s', async (_name, input) => {
    const answer = await compare(events, store, input);
    expect(answer.steps[0]!.players).toBeGreaterThan(0);
  });

  it('loses players at every tutorial step, and times them', async () => {
    const answer = await store.metrics.funnel(projectId, funnelQuerySchema.parse({ ...whole, steps: json(tutorial) }));
    const players = answer.steps.map((step) => step.players);
    for (let index = 1; index < players.length; index += 1) expect(players[index]!).toBeLessThan(players[index - 1]!);
    expect(answer.steps[3]!.medianSeconds).toBeGreaterThan(answer.steps[1]!.medianSeconds!);
    expect(answer.steps[3]!.p90Seconds).toBeGreaterThan(answer.steps[3]!.medianSeconds!);
  });
});

describe('funnels on hand-made players', () => {
  const at = (time: string) => `2026-02-10T${time}Z`;
  let sent = 0;
  const event = (user: string, name: string, timestamp: string, extra: Partial<NewEvent> = {}): NewEvent => ({
    insert_id: `h-${sent++}`,
    name,
    user_id: user,
    timestamp,
    platform: 'ios',
    country: 'DE',
    app_version: '1.0.0',
    receivedAt,
    demo: false,
    ...extra,
  });
  const day = { from: '2026-02-10', to: '2026-02-11' };
  const abc = json(steps('a', 'b', 'c'));

  async function run(events: NewEvent[], input: FunnelQueryInput, work?: (store: EventStore) => Promise<NewEvent[]>) {
    const store = await openStore();
    try {
      await store.append(projectId, events);
      const kept = work ? await work(store) : events;
      return await compare(kept, store, input);
    } finally {
      await store.close();
    }
  }
  const counts = (answer: { steps: { players: number }[] }) => answer.steps.map((step) => step.players);

  it('counts a step only after the previous one, at a later millisecond', async () => {
    const answer = await run(
      [
        // In order.
        event('u1', 'a', at('10:00:00.000')), event('u1', 'b', at('10:00:01.000')), event('u1', 'c', at('10:00:02.000')),
        // Out of order: c and b before a count for nothing; the later b counts, then no c after it.
        event('u2', 'c', at('09:00:00.000')), event('u2', 'b', at('09:30:00.000')), event('u2', 'a', at('10:00:00.000')), event('u2', 'b', at('10:05:00.000')),
        // b in the same millisecond as a does not take step 2; the next b does, and c in b's millisecond does not.
        event('u3', 'a', at('10:00:00.000')), event('u3', 'b', at('10:00:00.000')), event('u3', 'b', at('10:00:00.500')), event('u3', 'c', at('10:00:00.500')),
        // Other steps' events in between are allowed.
        event('u4', 'a', at('10:00:00.000')), event('u4', 'c', at('10:00:00.001')), event('u4', 'a', at('10:00:00.002')), event('u4', 'b', at('10:00:00.003')), event('u4', 'c', at('10:00:00.004')),
      ],
      { ...day, steps: abc },
    );
    expect(counts(answer)).toEqual([4, 4, 2]);
    expect(answer.steps[2]!.medianSeconds).toBeCloseTo(1.002, 6);
  });

  it('counts an event exactly at the end of the window, and not one a millisecond later', async () => {
    const answer = await run(
      [
        event('u1', 'a', at('10:00:00.000')), event('u1', 'b', at('10:30:00.000')), event('u1', 'c', at('11:00:00.000')),
        event('u2', 'a', at('10:00:00.000')), event('u2', 'b', at('10:30:00.000')), event('u2', 'c', at('11:00:00.001')),
      ],
      { ...day, steps: abc, window: '60' },
    );
    expect(counts(answer)).toEqual([2, 2, 1]);
    expect(answer.steps[2]).toMatchObject({ medianSeconds: 3600, dropped: 1, fromPrevious: 0.5, fromFirst: 0.5 });
  });

  it('enters a player once, at their first step 1 event: the window does not restart', async () => {
    const answer = await run(
      [event('u1', 'a', at('10:00:00.000')), event('u1', 'a', at('12:00:00.000')), event('u1', 'b', at('12:10:00.000')), event('u1', 'c', at('12:20:00.000'))],
      { ...day, steps: abc, window: '60' },
    );
    expect(counts(answer)).toEqual([1, 0, 0]);
  });

  it('counts a repeated step only with as many events', async () => {
    const answer = await run(
      [
        event('u1', 'a', at('10:00:00.000')), event('u1', 'a', at('10:01:00.000')), event('u1', 'a', at('10:02:00.000')),
        event('u2', 'a', at('10:00:00.000')), event('u2', 'a', at('10:01:00.000')),
      ],
      { ...day, steps: json(steps('a', 'a', 'a')) },
    );
    expect(counts(answer)).toEqual([2, 2, 1]);
  });

  it('counts a duplicate insert_id once, and deleted events never', async () => {
    const kept = [event('u1', 'a', at('10:00:00.000')), event('u1', 'b', at('10:01:00.000')), event('u2', 'a', at('10:00:00.000'))];
    // The retry of u2's a carries another time: the stored one stays.
    const retried = { ...kept[2]!, timestamp: at('09:00:00.000') };
    const doomed = [event('u2', 'b', at('10:05:00.000'), { demo: true }), event('u3', 'a', at('10:00:00.000'), { demo: true })];
    const answer = await run([...kept, retried, ...doomed], { ...day, steps: json(steps('a', 'b')) }, async (store) => {
      await store.deleteDemo(projectId);
      return kept;
    });
    expect(counts(answer)).toEqual([2, 1]);
  });

  it('in any order, counts steps done in any order from the entry on within the window', async () => {
    const answer = await run(
      [
        event('u1', 'c', at('10:00:00.000')), event('u1', 'a', at('10:10:00.000')), event('u1', 'b', at('10:20:00.000')),
        // The entry is b; a comes after the window.
        event('u2', 'b', at('10:00:00.000')), event('u2', 'c', at('10:00:00.000')), event('u2', 'a', at('11:00:00.001')),
        // a before the range does not count.
        event('u3', 'a', '2026-02-09T23:59:59.999Z'), event('u3', 'b', at('00:00:00.000')),
      ],
      { ...day, steps: abc, order: 'any', window: '60' },
    );
    expect(counts(answer)).toEqual([3, 2, 1]);
    expect(answer.steps[2]!.medianSeconds).toBe(1200);
    expect(answer.steps[1]!.medianSeconds).toBe(300);
  });

  it('filters steps on properties and breaks down by a property, text and numbers apart', async () => {
    const answer = await run(
      [
        event('u1', 'a', at('10:00:00.000'), { properties: { level: 3, mode: 'hard' } }), event('u1', 'b', at('10:01:00.000'), { properties: { score: 10 } }),
        event('u2', 'a', at('10:00:00.000'), { properties: { level: '3', mode: 'easy' } }), event('u2', 'b', at('10:01:00.000'), { properties: { score: '10' } }),
        event('u3', 'a', at('10:00:00.000'), { properties: { level: 4, mode: "o'hara\" OR 1=1 --" } }), event('u3', 'b', at('10:01:00.000'), { properties: { score: 9 } }),
        event('u4', 'a', at('10:00:00.000'), { properties: { 'we ird.key': true } }), event('u4', 'b', at('10:01:00.000')),
      ],
      {
        ...day,
        steps: json([
          { event: 'a', filters: [{ property: 'level', operator: 'neq', value: '9' }] },
          { event: 'b', filters: [{ property: 'score', operator: 'gte', value: 10 }] },
        ]),
        breakdown: 'property',
        breakdownProperty: 'mode',
      },
    );
    // u4 has no level: "does not equal" needs a value. u2's score is text: never a number.
    expect(counts(answer)).toEqual([3, 1]);
    expect(answer.breakdown.map((row) => [row.value, row.players])).toEqual([
      ['easy', [1, 0]],
      ['hard', [1, 1]],
      ["o'hara\" OR 1=1 --", [1, 0]],
    ]);
  });

  it('groups breakdown values beyond the first ten into Other, and not set last among equals', async () => {
    const events = Array.from({ length: 13 }, (_, index) => [
      event(`u${index}`, 'a', at('10:00:00.000'), { country: index === 12 ? undefined : `C${index % 12}` }),
      event(`u${index}`, 'b', at('10:01:00.000')),
    ]).flat();
    events.push(event('u99', 'a', at('10:00:00.000'), { country: 'C5' }));
    const answer = await run(events, { ...day, steps: json(steps('a', 'b')), breakdown: 'country' });
    expect(answer.breakdown[0]).toEqual({ value: 'C5', other: false, players: [2, 1] });
    expect(answer.breakdown.at(-1)).toEqual({ value: null, other: true, players: [3, 3] });
    expect(answer.breakdownTruncated).toBe(true);
  });
});
