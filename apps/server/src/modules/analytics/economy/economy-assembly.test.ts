import { describe, expect, it } from 'vitest';
import { economyQuerySchema } from '@questboard/shared/analytics-economy';
import { assembleEconomy, shownCurrency, type EconomySums, type FlowSums } from './economy-assembly';

// The economy page's arithmetic (ADR 028) on worked examples: what every store's sums become.

const query = (extra: Record<string, string> = {}) => economyQuerySchema.parse({ from: '2026-03-01', to: '2026-03-03', ...extra });
const sums = (currency: string, flow: 'source' | 'sink', amount: number, players = 1): FlowSums => ({ currency, flow, amount, events: players, players });
const empty: EconomySums = { currencies: [], flows: [], buckets: [], items: [], itemTypes: [], balances: [], ignored: 0 };

describe('shownCurrency', () => {
  it.each<[string, { currency: string; events: number }[], Record<string, string>, string | null]>([
    ['none', [], {}, null],
    ['the most events', [{ currency: 'coins', events: 2 }, { currency: 'gems', events: 5 }], {}, 'gems'],
    ['a tie by name', [{ currency: 'gems', events: 5 }, { currency: 'coins', events: 5 }], {}, 'coins'],
    ['the one asked for, sent or not', [{ currency: 'gems', events: 5 }], { virtual_currency: 'stars' }, 'stars'],
  ])('%s', (_name, currencies, extra, shown) => {
    expect(shownCurrency(currencies, query(extra))).toBe(shown);
  });
});

describe('assembleEconomy', () => {
  it("nets the shown currency's flows, fills the buckets, ranks items and orders the balances", () => {
    const answer = assembleEconomy(
      {
        currencies: [{ currency: 'coins', events: 1 }, { currency: 'gems', events: 4 }],
        flows: [sums('gems', 'source', 150, 2), sums('gems', 'sink', 105, 3), sums('coins', 'sink', 500)],
        buckets: [{ ...sums('gems', 'sink', 75, 2), bucket: '2026-03-02' }],
        items: [
          { ...sums('gems', 'sink', 30), itemType: 'lives', itemId: 'lives_5' },
          { ...sums('gems', 'sink', 30), itemType: null, itemId: 'x' },
          { ...sums('gems', 'sink', 30), itemType: 'boosters', itemId: null },
          { ...sums('gems', 'sink', 70, 2), itemType: 'boosters', itemId: 'bomb' },
          { ...sums('coins', 'sink', 500), itemType: 'skins', itemId: 'cat' },
        ],
        itemTypes: [{ ...sums('gems', 'source', 100), itemType: 'purchase' }],
        balances: [
          { currency: 'gems', level: '10', median: 5, events: 1, players: 1 },
          { currency: 'gems', level: '2', median: 35, events: 2, players: 1 },
          { currency: 'gems', level: null, median: 0, events: 1, players: 1 },
          { currency: 'coins', level: '1', median: 200, events: 1, players: 1 },
        ],
        ignored: 5,
      },
      query(),
    );
    expect(answer.currency).toBe('gems');
    expect(answer.currencies.map((row) => row.currency)).toEqual(['gems', 'coins']);
    expect(answer.totals).toEqual({ sources: 150, sinks: 105, net: 45, sourcePlayers: 2, sinkPlayers: 3 });
    expect(answer.series).toEqual([
      { date: '2026-03-01', sources: 0, sinks: 0, net: 0, sourcePlayers: 0, sinkPlayers: 0 },
      { date: '2026-03-02', sources: 0, sinks: 75, net: -75, sourcePlayers: 0, sinkPlayers: 2 },
      { date: '2026-03-03', sources: 0, sinks: 0, net: 0, sourcePlayers: 0, sinkPlayers: 0 },
    ]);
    // By amount, then item type and id, a missing one last.
    expect(answer.items.sink.map((row) => [row.itemType, row.itemId])).toEqual([
      ['boosters', 'bomb'],
      ['boosters', null],
      ['lives', 'lives_5'],
      [null, 'x'],
    ]);
    expect(answer.items.source).toEqual([]);
    expect(answer.itemTypes.source).toEqual([{ itemType: 'purchase', amount: 100, players: 1, events: 1 }]);
    expect(answer.balanceByLevel.map((row) => row.level)).toEqual([null, '2', '10']);
    expect(answer.ignored).toBe(5);
  });

  it('answers no balances without a currency', () => {
    expect(assembleEconomy({ ...empty, balances: [{ currency: 'gems', level: null, median: 1, events: 1, players: 1 }] }, query()).balanceByLevel).toEqual([]);
  });
});
