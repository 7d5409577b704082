import { describe, expect, it } from 'vitest';
import { liveCases, liveCaseSnapshot } from '@questboard/shared/live-cases';
import type { LiveConfigSnapshot, PlayerContext } from '@questboard/shared/live-config';
import { evaluateLiveConfig } from '@questboard/shared/live-evaluate';
import { evaluateLiveAnswer, type LiveExperiment } from '@questboard/shared/live-experiments';
import { LiveAnswerCache, compileLiveDelivery, liveAnswerBody, liveEtag } from './live-answers';

// ADR 021: answers and ETags from outcomes. What the delivery sends must be the plain evaluation's
// JSON, and two answers must have the same ETag exactly when they are the same bytes, in any process.

const plain = (snapshot: LiveConfigSnapshot, version: number, player: PlayerContext, now: number) =>
  JSON.stringify({ values: evaluateLiveConfig(snapshot, player, now), experiments: [], version });

/** Every player of the shared table at every moment of it, with many more ids for the table's rollouts. */
const moments = liveCases.map((example) => Date.parse(example.at));
const players: PlayerContext[] = [
  ...liveCases.flatMap((example) => example.players.map(({ player }) => player)),
  ...Array.from({ length: 200 }, (_, index) => ({ userId: `player-${index}`, platform: index % 3 === 0 ? 'ios' : 'android', country: index % 2 ? 'DE' : 'FR' })),
];

describe('answers and ETags from outcomes', () => {
  it("sends the plain evaluation's JSON, and equal ETags exactly for equal answers", () => {
    const delivery = compileLiveDelivery(7, liveCaseSnapshot);
    // Compiled again, as another server process would: the same tags.
    const elsewhere = compileLiveDelivery(7, structuredClone(liveCaseSnapshot));
    const cache = new LiveAnswerCache();
    const tagOf = new Map<string, string>();
    const bodyOf = new Map<string, string>();
    for (const now of moments) {
      for (const player of players) {
        // Three times: serialised, serialised and kept, then from the cache.
        for (let round = 0; round < 3; round += 1) {
          const answer = cache.find(delivery, player, now);
          const body = cache.body(delivery, answer);
          expect(body).toBe(plain(liveCaseSnapshot, 7, player, now));
          expect(cache.find(elsewhere, player, now).etag).toBe(answer.etag);
          expect(tagOf.get(body) ?? answer.etag).toBe(answer.etag);
          expect(bodyOf.get(answer.etag) ?? body).toBe(body);
          tagOf.set(body, answer.etag);
          bodyOf.set(answer.etag, body);
        }
      }
    }
    // The table has rules, rollouts and live events: many different answers, each with its own tag.
    expect(tagOf.size).toBeGreaterThan(20);
  });

  it('changes the ETag with the version and with the values a code stands for', () => {
    const snapshot = (defaultValue: number): LiveConfigSnapshot => ({
      keys: [{ name: 'lives', type: 'number', defaultValue, description: '', rules: [] }],
      events: [],
    });
    const tag = (version: number, value: number) => {
      const delivery = compileLiveDelivery(version, snapshot(value));
      return liveEtag(delivery, new LiveAnswerCache().find(delivery, { userId: 'p' }, 0).outcome);
    };
    // Two projects both at version 1 with every key at its default: same outcome, different values.
    expect(tag(1, 3)).not.toBe(tag(1, 5));
    expect(tag(1, 3)).not.toBe(tag(2, 3));
    expect(tag(1, 3)).toBe(tag(1, 3));
    expect(tag(1, 3)).toMatch(/^"[\w-]{27}"$/u);
  });

  it('writes an answer with integer-like key names the way JSON.stringify does', () => {
    const snapshot: LiveConfigSnapshot = {
      keys: ['b', '10', 'a', '2'].map((name, index) => ({ name, type: 'number', defaultValue: index, description: '', rules: [] })),
      events: [],
    };
    const delivery = compileLiveDelivery(3, snapshot);
    const { outcome } = new LiveAnswerCache().find(delivery, { userId: 'p' }, 0);
    expect(liveAnswerBody(delivery, outcome)).toBe(plain(snapshot, 3, { userId: 'p' }, 0));
  });
});

describe('answers with running experiments (ADR 029)', () => {
  const snapshot: LiveConfigSnapshot = { keys: [{ name: 'lives', type: 'number', defaultValue: 3, description: '', rules: [] }], events: [] };
  const experiment: LiveExperiment = {
    key: 'bigger-lives',
    salt: '9f86d081884c7d659a2feaa0',
    // The variant 'same' gives the default's value: its players' values equal the control's.
    variants: [
      { key: 'control', weight: 1, overrides: [] },
      { key: 'same', weight: 1, overrides: [{ key: 'lives', value: 3 }] },
      { key: 'five', weight: 1, overrides: [{ key: 'lives', value: 5 }] },
    ],
    audiencePercentage: 50,
    targeting: [],
    layer: null,
  };

  it("sends evaluateLiveAnswer's JSON, and one ETag per answer: a variant with equal values has its own", () => {
    const delivery = compileLiveDelivery(4, snapshot, [experiment]);
    const elsewhere = compileLiveDelivery(4, structuredClone(snapshot), [structuredClone(experiment)]);
    const cache = new LiveAnswerCache();
    const tagOf = new Map<string, string>();
    for (let index = 0; index < 300; index += 1) {
      const player = { userId: `player-${index}` };
      const answer = cache.find(delivery, player, 0);
      const body = cache.body(delivery, answer);
      expect(body).toBe(JSON.stringify({ ...evaluateLiveAnswer(snapshot, [experiment], player, 0), version: 4 }));
      expect(cache.find(elsewhere, player, 0).etag).toBe(answer.etag);
      expect(tagOf.get(body) ?? answer.etag).toBe(answer.etag);
      tagOf.set(body, answer.etag);
    }
    // Out of the experiment, control, same and five: four answers, four tags, two of them with lives 3 and an experiment.
    expect(tagOf.size).toBe(4);
    expect(new Set(tagOf.values()).size).toBe(4);
    // Without experiments the tags are those of the configuration alone, as before experiments existed.
    const plainDelivery = compileLiveDelivery(4, snapshot);
    expect(compileLiveDelivery(4, snapshot, []).identity).toBe(plainDelivery.identity);
    expect(delivery.identity).not.toBe(plainDelivery.identity);
  });
});

describe('LiveAnswerCache', () => {
  const snapshot: LiveConfigSnapshot = {
    keys: [
      {
        name: 'tier',
        type: 'string',
        defaultValue: 'bronze',
        description: '',
        rules: [{ id: 'half', conditions: [], rollout: { percentage: 50, salt: 'a1b2c3' }, value: 'silver' }],
      },
    ],
    events: [],
  };
  const delivery = compileLiveDelivery(1, snapshot);
  const serve = (cache: LiveAnswerCache, userId: string) => cache.body(delivery, cache.find(delivery, { userId }, 0));

  it('keeps an answer from its second serialisation on, and then hands out the same string', () => {
    const cache = new LiveAnswerCache();
    const first = serve(cache, 'p1');
    expect(cache.size).toBe(0);
    expect(serve(cache, 'p1')).toBe(first);
    expect(cache.size).toBe(1);
    expect(cache.find(delivery, { userId: 'p1' }, 0).body).toBe(first);
    // Another player with the same outcome shares it.
    const other = ['p2', 'p3', 'p4', 'p5'].find((id) => serve(cache, id) === first);
    expect(other).toBeDefined();
    expect(cache.find(delivery, { userId: other! }, 0).body).toBe(first);
  });

  it('drops the least recently used answer beyond its bounds', () => {
    // player-1 (bucket 8429) gets bronze, player-2 (5983) bronze, and ids found below silver: two outcomes.
    const silver = Array.from({ length: 20 }, (_, index) => `p${index}`).find((id) => serve(new LiveAnswerCache(), id).includes('silver'))!;
    const cache = new LiveAnswerCache({ maxEntries: 1, maxUnits: 1_000_000, maxSeenOnce: 10 });
    serve(cache, 'player-1');
    serve(cache, 'player-1');
    expect(cache.find(delivery, { userId: 'player-1' }, 0).body).not.toBeNull();
    serve(cache, silver);
    serve(cache, silver);
    expect(cache.size).toBe(1);
    expect(cache.find(delivery, { userId: 'player-1' }, 0).body).toBeNull();
    expect(cache.find(delivery, { userId: silver }, 0).body).toContain('silver');

    const small = new LiveAnswerCache({ maxEntries: 100, maxUnits: 10, maxSeenOnce: 10 });
    serve(small, 'player-1');
    serve(small, 'player-1');
    expect([small.size, small.units]).toEqual([0, 0]);
  });

  it('remembers a bounded number of answers serialised once', () => {
    const cache = new LiveAnswerCache({ maxEntries: 100, maxUnits: 1_000_000, maxSeenOnce: 1 });
    const silver = Array.from({ length: 20 }, (_, index) => `p${index}`).find((id) => serve(new LiveAnswerCache(), id).includes('silver'))!;
    serve(cache, 'player-1');
    serve(cache, silver);
    // player-1's first serialisation was forgotten for silver's: its second is a first again.
    serve(cache, 'player-1');
    expect(cache.size).toBe(0);
    serve(cache, 'player-1');
    expect(cache.size).toBe(1);
  });
});
