import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveConfigAnswer } from '@questboard/shared/live-api';
import { assignVariant } from '@questboard/shared/experiments-assignment';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { startSecondServer, type SecondServer } from '../../../test/second-server';
import { signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { fetchConfig, firstIngestKey } from '../../../test/live-helpers';
import { experimentInput, experimentsOf, publishLivesAndTitle } from '../../../test/experiment-helpers';
import { experiments as experimentsTable } from '../../db/schema';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Pearson's chi-squared of a contingency table (rows × columns of counts). */
function chiSquared(table: number[][]): number {
  const total = table.flat().reduce((sum, count) => sum + count, 0);
  const rows = table.map((row) => row.reduce((sum, count) => sum + count, 0));
  const columns = table[0]!.map((_, column) => table.reduce((sum, row) => sum + row[column]!, 0));
  let statistic = 0;
  table.forEach((row, i) =>
    row.forEach((count, j) => {
      const expected = (rows[i]! * columns[j]!) / total;
      statistic += (count - expected) ** 2 / expected;
    }),
  );
  return statistic;
}

// GET /live/v1/config with running experiments (ADR 029) on both databases: the variant in the
// answer and its overrides in the values, stable per player, independent between experiments,
// targeted, exclusive within a layer, and gone once stopped; starting and stopping clear the cache.
describe.each(databaseTargets)('experiments in live config delivery on $name', (target) => {
  let t: TestApp;
  let token: string;
  let projectId: string;
  let ingestKey: string;
  let api: ReturnType<typeof experimentsOf>;

  beforeEach(async () => {
    t = await createTestApp(target);
    token = (await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge')).token;
    projectId = (await createProject(t.app, token, 'Pixel Quest')).id;
    ingestKey = (await firstIngestKey(t.app, token, projectId)).key;
    api = experimentsOf(t.app, projectId);
  });
  afterEach(async () => t.close());

  const answerOf = async (query: Record<string, string>) => (await fetchConfig(t.app, ingestKey, query)).json<LiveConfigAnswer>();
  const saltOf = async (key: string) =>
    (await t.database.db.select({ key: experimentsTable.key, salt: experimentsTable.salt }).from(experimentsTable)).find((row) => row.key === key)!.salt;

  it('gives each player a stable variant with its overrides, and clears the cache on start and stop', async () => {
    const live = await publishLivesAndTitle(t.app, token, projectId);
    await api.ok(api.call(token, 'POST', '', experimentInput('bigger-lives')), 201);
    const before = await fetchConfig(t.app, ingestKey, { user_id: 'player-1' });
    expect(before.json()).toEqual({ values: { lives: 3, title: 'Quest' }, experiments: [], version: 1 });
    // A draft changes nothing players get: the same tag answers 304.
    expect((await fetchConfig(t.app, ingestKey, { user_id: 'player-1' }, { 'if-none-match': String(before.headers.etag) })).statusCode).toBe(304);

    await api.ok(api.call(token, 'POST', '/bigger-lives/start'));
    const salt = await saltOf('bigger-lives');
    const allocation = { salt, variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1 }], audiencePercentage: 100, layer: null };
    const counts = { control: 0, b: 0 };
    for (let index = 0; index < 400; index += 1) {
      const userId = `player-${index}`;
      const variant = assignVariant(userId, allocation) as 'control' | 'b';
      counts[variant] += 1;
      const expected = { values: { lives: variant === 'b' ? 5 : 3, title: 'Quest' }, experiments: [{ key: 'bigger-lives', variant, keys: ['lives'] }], version: 1 };
      // The same player, asked again, gets the same answer.
      expect(await answerOf({ user_id: userId })).toEqual(expected);
      expect(await answerOf({ user_id: userId, platform: 'ios' })).toEqual(expected);
    }
    expect(counts.b).toBeGreaterThan(160);
    expect(counts.control).toBeGreaterThan(160);
    // The control's values equal the answer before the start, but the answer now names the variant: a new tag.
    const changed = await fetchConfig(t.app, ingestKey, { user_id: 'player-1' }, { 'if-none-match': String(before.headers.etag) });
    expect(changed.statusCode).toBe(200);

    // A live event does not override a running experiment's key for its players.
    await live.ok(
      live.call(token, 'POST', '/events', { name: 'Always', startsAt: '2020-01-01T00:00:00Z', endsAt: '2099-01-01T00:00:00Z', conditions: [], overrides: [{ key: 'lives', value: 7 }, { key: 'title', value: 'Event' }] }),
      201,
    );
    await live.ok(live.call(token, 'POST', '/publish', {}), 201);
    const inB = Array.from({ length: 50 }, (_, index) => `player-${index}`).find((userId) => assignVariant(userId, allocation) === 'b')!;
    const inControl = Array.from({ length: 50 }, (_, index) => `player-${index}`).find((userId) => assignVariant(userId, allocation) === 'control')!;
    expect((await answerOf({ user_id: inB })).values).toEqual({ lives: 5, title: 'Event' });
    expect((await answerOf({ user_id: inControl })).values).toEqual({ lives: 7, title: 'Event' });

    const running = await fetchConfig(t.app, ingestKey, { user_id: inB });
    await api.ok(api.call(token, 'POST', '/bigger-lives/stop'));
    const stopped = await fetchConfig(t.app, ingestKey, { user_id: inB }, { 'if-none-match': String(running.headers.etag) });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ values: { lives: 7, title: 'Event' }, experiments: [], version: 2 });
  });

  it('assigns independently between experiments, targets, and keeps a layer’s experiments apart', async () => {
    const live = await publishLivesAndTitle(t.app, token, projectId);
    await live.ok(live.call(token, 'POST', '/keys', { name: 'discount', type: 'number', defaultValue: 0 }), 201);
    await live.ok(live.call(token, 'POST', '/publish', {}), 201);
    const two = (key: string, overrides: { key: string; value: unknown }[]) => [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides }];
    await api.ok(api.call(token, 'POST', '', experimentInput('lives-test', { variants: two('lives', [{ key: 'lives', value: 5 }]) })), 201);
    await api.ok(
      api.call(token, 'POST', '', experimentInput('title-test', { variants: two('title', [{ key: 'title', value: 'II' }]), targeting: [{ kind: 'country', values: ['DE'] }] })),
      201,
    );
    for (const [key, value] of [['offer-a', 0.1], ['offer-b', 0.2]] as const)
      await api.ok(api.call(token, 'POST', '', experimentInput(key, { variants: two('discount', [{ key: 'discount', value }]), layer: 'offers', audiencePercentage: 50 })), 201);
    for (const key of ['lives-test', 'title-test', 'offer-a', 'offer-b']) await api.ok(api.call(token, 'POST', `/${key}/start`));

    const table = [
      [0, 0],
      [0, 0],
    ];
    const offers = { 'offer-a': 0, 'offer-b': 0, both: 0, none: 0 };
    let outsideTarget = 0;
    for (let index = 0; index < 3000; index += 1) {
      const country = index % 2 === 0 ? 'DE' : 'FR';
      const answer = await answerOf({ user_id: `u-${index}`, country });
      const variant = (key: string) => answer.experiments.find((experiment) => experiment.key === key)?.variant;
      const lives = variant('lives-test');
      const title = variant('title-test');
      expect(lives).toBeDefined();
      if (country === 'FR') {
        if (title === undefined) outsideTarget += 1;
        expect(answer.values.title).toBe('Quest');
      } else table[lives === 'b' ? 1 : 0]![title === 'b' ? 1 : 0]! += 1;
      const inOffers = ['offer-a', 'offer-b'].filter((key) => variant(key) !== undefined);
      if (inOffers.length === 2) offers.both += 1;
      else if (inOffers.length === 0) offers.none += 1;
      else offers[inOffers[0] as 'offer-a' | 'offer-b'] += 1;
      expect(answer.experiments.map((experiment) => experiment.key)).toEqual([...answer.experiments.map((experiment) => experiment.key)].sort());
    }
    // Targeting: no French player is in the German-only experiment.
    expect(outsideTarget).toBe(1500);
    // Independence: the variant in one experiment says nothing of the other (χ², 1 degree of freedom, p > 0.001).
    expect(table.flat().every((count) => count > 300)).toBe(true);
    expect(chiSquared(table)).toBeLessThan(10.83);
    // The layer: half the players in each, nobody in both.
    expect(offers.both).toBe(0);
    expect(offers.none).toBe(0);
    expect(offers['offer-a']).toBeGreaterThan(1350);
    expect(offers['offer-b']).toBeGreaterThan(1350);
  });
});

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');

/** Two servers on one PostgreSQL database (ADR 019, 029): the same players get the same variants from both, and a start or stop made through one is served by the other. */
describe.skipIf(!postgres)('experiments across two processes on PostgreSQL', () => {
  let first: Awaited<ReturnType<typeof createTestApp>>;
  let second: SecondServer;

  beforeEach(async () => {
    first = await createTestApp(postgres!);
    second = await startSecondServer(first);
  });

  afterEach(async () => {
    await second.close();
    await first.close();
  });

  it('answers every player the same variant and ETag on both servers', async () => {
    const { token } = await signUpOwner(first.app, 'ada@pixel.example', 'Pixel Forge');
    const projectId = (await createProject(first.app, token, 'Pixel Quest')).id;
    const { key } = await firstIngestKey(first.app, token, projectId);
    await publishLivesAndTitle(first.app, token, projectId);
    const api = experimentsOf(first.app, projectId);
    await api.ok(api.call(token, 'POST', '', experimentInput('bigger-lives')), 201);
    // The second server caches the config without the experiment first.
    expect((await fetchConfig(second.app, key, { user_id: 'p-1' })).json<LiveConfigAnswer>().experiments).toEqual([]);
    await api.ok(api.call(token, 'POST', '/bigger-lives/start'));
    const variants = new Set<string>();
    for (let index = 0; index < 100; index += 1) {
      const [one, other] = [await fetchConfig(first.app, key, { user_id: `p-${index}` }), await fetchConfig(second.app, key, { user_id: `p-${index}` })];
      expect([other.body, other.headers.etag]).toEqual([one.body, one.headers.etag]);
      variants.add(one.json<LiveConfigAnswer>().experiments[0]!.variant);
    }
    expect([...variants].sort()).toEqual(['b', 'control']);
    await api.ok(api.call(token, 'POST', '/bigger-lives/stop'));
    expect((await fetchConfig(second.app, key, { user_id: 'p-1' })).json<LiveConfigAnswer>().experiments).toEqual([]);
  });
});
