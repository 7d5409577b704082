import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Questboard } from './client';
import { startHarness, type Harness } from './testing/harness';

// The typed game events (issue 17): exactly the names and properties the level and economy pages read.

describe('progression and economy helpers', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness();
  });
  afterEach(() => h.close());

  const sent = () => h.server.accepted.filter((event) => event.name !== 'session_start').map((event) => [event.name, event.properties]);

  it('send level_start, level_complete and level_fail with the level, score and duration_s', async () => {
    const qb = h.start();
    qb.progression.start(1);
    qb.progression.fail(1, { duration_s: 41.5 });
    qb.progression.start(1, { mode: 'hard' });
    qb.progression.complete(1, { score: 1200, duration_s: 63, properties: { stars: 3, level: 99 } });
    qb.progression.complete('castle-2');
    await qb.flush();
    expect(sent()).toEqual([
      ['level_start', { level: 1 }],
      ['level_fail', { level: 1, duration_s: 41.5 }],
      ['level_start', { mode: 'hard', level: 1 }],
      // The helper's own keys win over the extra properties.
      ['level_complete', { stars: 3, level: 1, score: 1200, duration_s: 63 }],
      ['level_complete', { level: 'castle-2' }],
    ]);
    expect(h.logger.messages).toEqual([]);
  });

  it('send resource events with flow, virtual_currency, amount, item_type, item_id and balance', async () => {
    const qb = h.start();
    qb.economy.source('coins', 50, 'level_reward', 'level_3', { balance: 250 });
    qb.economy.sink('gems', 20, 'lives', 'lives_5', { balance: 0, properties: { level: 3 } });
    qb.economy.source('gems', 100);
    await qb.flush();
    expect(sent()).toEqual([
      ['resource', { flow: 'source', virtual_currency: 'coins', amount: 50, item_type: 'level_reward', item_id: 'level_3', balance: 250 }],
      ['resource', { level: 3, flow: 'sink', virtual_currency: 'gems', amount: 20, item_type: 'lives', item_id: 'lives_5', balance: 0 }],
      ['resource', { flow: 'source', virtual_currency: 'gems', amount: 100 }],
    ]);
  });

  it.each<[string, (qb: Questboard) => void, string]>([
    ['a negative amount', (qb) => qb.economy.sink('coins', -5, 'boosters', 'bomb'), 'Questboard: economy.sink: amount must be above 0; the event is dropped'],
    ['an amount of 0', (qb) => qb.economy.source('coins', 0), 'Questboard: economy.source: amount must be above 0; the event is dropped'],
    ['an infinite amount', (qb) => qb.economy.source('coins', Infinity), 'Questboard: economy.source: amount must be a finite number; the event is dropped'],
    ['NaN', (qb) => qb.economy.source('coins', Number.NaN), 'Questboard: economy.source: amount must be a finite number; the event is dropped'],
    ['an amount as text', (qb) => qb.economy.source('coins', '5' as never), 'Questboard: economy.source: amount must be a finite number; the event is dropped'],
    ['no currency', (qb) => qb.economy.source('', 5), 'Questboard: economy.source: currency must not be empty; the event is dropped'],
    ['a long currency', (qb) => qb.economy.source('c'.repeat(65), 5), 'Questboard: economy.source: currency must be at most 64 characters; the event is dropped'],
    ['an item type that is not text', (qb) => qb.economy.sink('coins', 5, 7 as never), 'Questboard: economy.sink: itemType must be a string; the event is dropped'],
    ['a level that is not a number or a name', (qb) => qb.progression.start({ n: 1 } as never), 'Questboard: progression.start: level must be a string; the event is dropped'],
    ['an infinite level', (qb) => qb.progression.fail(Infinity), 'Questboard: progression.fail: level must be a finite number or a name; the event is dropped'],
    ['an empty level', (qb) => qb.progression.complete(''), 'Questboard: progression.complete: level must not be empty; the event is dropped'],
  ])('refuse %s with a warning, without throwing', async (_name, call, warning) => {
    const qb = h.start();
    expect(() => call(qb)).not.toThrow();
    await qb.flush();
    expect(sent()).toEqual([]);
    expect(h.logger.messages).toEqual([warning]);
  });

  it('leave out an unusable score, duration or balance and send the rest', async () => {
    const qb = h.start();
    qb.progression.complete(4, { score: Number.NaN, duration_s: -3 });
    qb.economy.source('coins', 5, undefined, undefined, { balance: Infinity });
    expect(() => qb.progression.fail(4, null as never)).not.toThrow();
    await qb.flush();
    expect(sent()).toEqual([
      ['level_complete', { level: 4 }],
      ['resource', { flow: 'source', virtual_currency: 'coins', amount: 5 }],
      ['level_fail', { level: 4 }],
    ]);
    expect(h.logger.messages).toEqual([
      'Questboard: progression.complete: score must be a finite number; it was left out',
      'Questboard: progression.complete: duration_s must be a finite number of 0 or more; it was left out',
      'Questboard: economy.source: balance must be a finite number; it was left out',
    ]);
  });
});
