import type { LiveExperiment } from '@questboard/shared/live-experiments';
import { assignVariant } from '@questboard/shared/experiments-assignment';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStorage } from './memory-storage';
import { startHarness, type Harness } from './testing/harness';

// Experiments in the SDK (ADR 029): the player's variants from the live config, and one
// experiment_exposure event per experiment and player, at the first read of a key it controls.

const lives: LiveExperiment = {
  key: 'bigger-lives',
  salt: '9f86d081884c7d659a2feaa0',
  variants: [
    { key: 'control', weight: 1, overrides: [] },
    { key: 'b', weight: 1, overrides: [{ key: 'lives', value: 5 }] },
  ],
  audiencePercentage: 100,
  targeting: [],
  layer: null,
};
const allocation = { salt: lives.salt, variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1 }], audiencePercentage: 100, layer: null };
/** The first player ids of each variant. */
const playerIn = (variant: string) => Array.from({ length: 100 }, (_, index) => `player-${index}`).find((id) => assignVariant(id, allocation) === variant)!;

describe('experiments in the SDK', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
    h.server.live.publish({
      keys: [
        { name: 'lives', type: 'number', defaultValue: 3, description: '', rules: [] },
        { name: 'title', type: 'string', defaultValue: 'Quest', description: '', rules: [] },
      ],
      events: [],
    });
    h.server.live.experiments = [lives];
  });
  afterEach(() => h.close());

  const start = (storage = h.storage) => h.start({ remoteConfig: true }, { storage });
  const exposures = () => h.server.accepted.filter((event) => event.name === 'experiment_exposure');

  it.each(['b', 'control'])('exposes a player in %s once, at the first read of a key the experiment controls', async (variant) => {
    const qb = start();
    qb.identify(playerIn(variant));
    await qb.refreshConfig();
    expect(qb.getExperiments()).toEqual([{ key: 'bigger-lives', variant }]);
    expect(qb.getConfig('title', '')).toBe('Quest');
    await qb.flush();
    expect(exposures()).toEqual([]);

    expect(qb.getConfig('lives', 0)).toBe(variant === 'b' ? 5 : 3);
    expect(qb.getConfig('lives', 0)).toBe(variant === 'b' ? 5 : 3);
    await qb.flush();
    expect(exposures().map((event) => [event.user_id, event.properties])).toEqual([[playerIn(variant), { experiment: 'bigger-lives', variant }]]);

    // The next run (the same storage) remembers it.
    const again = start();
    await again.refreshConfig();
    again.getConfig('lives', 0);
    await again.flush();
    expect(exposures()).toHaveLength(1);
    expect(h.storage.saved?.exposures).toEqual([`${playerIn(variant)}\nbigger-lives`]);
    expect(h.logger.messages).toEqual([]);
  });

  it('exposes each player on their own, and nobody outside the experiment', async () => {
    const qb = start(createMemoryStorage());
    qb.identify(playerIn('b'));
    await qb.refreshConfig();
    qb.getConfig('lives', 0);
    qb.identify(playerIn('control'));
    await qb.refreshConfig();
    qb.getConfig('lives', 0);
    h.server.live.experiments = [];
    qb.identify('player-outside');
    await qb.refreshConfig();
    expect(qb.getExperiments()).toEqual([]);
    qb.getConfig('lives', 0);
    await qb.flush();
    expect(exposures().map((event) => [event.user_id, event.properties?.variant])).toEqual([
      [playerIn('b'), 'b'],
      [playerIn('control'), 'control'],
    ]);
  });

  it('answers no experiments before the first fetch, and queues no exposure after shutdown', async () => {
    const storage = createMemoryStorage();
    const qb = start(storage);
    expect(qb.getExperiments()).toEqual([]);
    qb.identify(playerIn('b'));
    await qb.refreshConfig();
    await qb.shutdown();
    qb.getConfig('lives', 0);
    expect(storage.saved?.exposures).toBeUndefined();
  });
});
