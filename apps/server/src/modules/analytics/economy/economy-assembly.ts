import { ECONOMY_MAX_CURRENCIES, ECONOMY_TOP_ITEMS, type Economy, type EconomyQuery, type ResourceFlow } from '@questboard/shared/analytics-economy';
import { levelOrder } from '@questboard/shared/analytics-levels';
import { bucketLabels } from '../buckets';
import type { StoreAnswer } from '../store-answer';

// The economy page (docs/product/metrics.md#economy) from a store's sums: each store sums the
// counted resource events in its own SQL (duckdb-economy.ts, clickhouse-economy.ts) and this picks
// the currency shown, ranks the items and builds the series, so the page's arithmetic is written once.

/** A group of one currency's counted resource events on one side: the amounts, the events, the distinct players. */
export interface FlowSums {
  currency: string;
  flow: ResourceFlow;
  amount: number;
  events: number;
  players: number;
}

/** What a store sums over the range's counted resource events that match the filters. */
export interface EconomySums {
  /** Counted events per currency (any order). */
  currencies: { currency: string; events: number }[];
  /** Per currency (at least the one shown) and flow. */
  flows: FlowSums[];
  /** The same by bucket label. */
  buckets: (FlowSums & { bucket: string })[];
  /** By item (item_type, item_id): at least those that can be in the top ten by amount. */
  items: (FlowSums & { itemType: string | null; itemId: string | null })[];
  /** By item type. */
  itemTypes: (FlowSums & { itemType: string | null })[];
  /** The median balance per currency and level at the event (null: before any level). */
  balances: { currency: string; level: string | null; median: number; events: number; players: number }[];
  /** Resource events of the range and filters not counted. */
  ignored: number;
}

const compareText = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/** The currencies by counted events, most first, then by name. */
export function rankedCurrencies(currencies: readonly { currency: string; events: number }[]): { currency: string; events: number }[] {
  return [...currencies].sort((a, b) => b.events - a.events || compareText(a.currency, b.currency));
}

/** The currency the page shows: the one asked for, else the one with the most counted events (then by name). */
export function shownCurrency(currencies: readonly { currency: string; events: number }[], query: EconomyQuery): string | null {
  return query.virtual_currency ?? rankedCurrencies(currencies)[0]?.currency ?? null;
}

export function assembleEconomy(sums: EconomySums, query: EconomyQuery): StoreAnswer<Economy> {
  const currency = shownCurrency(sums.currencies, query);
  const mine = <T extends { currency: string }>(rows: readonly T[]) => rows.filter((row) => row.currency === currency);
  const figures = (source: FlowSums | undefined, sink: FlowSums | undefined) => ({
    sources: source?.amount ?? 0,
    sinks: sink?.amount ?? 0,
    net: (source?.amount ?? 0) - (sink?.amount ?? 0),
    sourcePlayers: source?.players ?? 0,
    sinkPlayers: sink?.players ?? 0,
  });
  const totals = mine(sums.flows);
  const series = mine(sums.buckets);
  const cell = (bucket: string, flow: ResourceFlow) => series.find((row) => row.bucket === bucket && row.flow === flow);
  const top = <T extends FlowSums & { itemType: string | null; itemId?: string | null }>(rows: readonly T[], flow: ResourceFlow) =>
    mine(rows)
      .filter((row) => row.flow === flow)
      .sort((a, b) => b.amount - a.amount || compareText(a.itemType, b.itemType) || compareText(a.itemId ?? null, b.itemId ?? null))
      .slice(0, ECONOMY_TOP_ITEMS);
  const items = (flow: ResourceFlow) => top(sums.items, flow).map((row) => ({ itemType: row.itemType, itemId: row.itemId, amount: row.amount, players: row.players, events: row.events }));
  const itemTypes = (flow: ResourceFlow) => top(sums.itemTypes, flow).map((row) => ({ itemType: row.itemType, amount: row.amount, players: row.players, events: row.events }));
  return {
    currencies: rankedCurrencies(sums.currencies).slice(0, ECONOMY_MAX_CURRENCIES),
    currency,
    totals: figures(
      totals.find((row) => row.flow === 'source'),
      totals.find((row) => row.flow === 'sink'),
    ),
    series: bucketLabels(query).map((b) => ({ date: b.label, ...figures(cell(b.label, 'source'), cell(b.label, 'sink')) })),
    items: { source: items('source'), sink: items('sink') },
    itemTypes: { source: itemTypes('source'), sink: itemTypes('sink') },
    balanceByLevel: currency === null ? [] : balanceByLevel(mine(sums.balances)),
    ignored: sums.ignored,
  };
}

/** The shown currency's balances by level, "before any level" first, then in level order. */
function balanceByLevel(rows: EconomySums['balances']): Economy['balanceByLevel'] {
  const { compare } = levelOrder(rows.flatMap((row) => row.level ?? []));
  return rows
    .map((row) => ({ level: row.level, medianBalance: row.median, events: row.events, players: row.players }))
    .sort((a, b) => (a.level === null ? -1 : b.level === null ? 1 : compare(a.level, b.level)));
}
