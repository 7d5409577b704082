import { ECONOMY_TOP_ITEMS, type Economy, type EconomyQuery, type ResourceFlow } from '@questboard/shared/analytics-economy';
import { bucketSql, date, filterSql, num, Params, rangeSql, text, unfiltered, type DuckDbQuery, type Row } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assembleEconomy, type FlowSums } from './economy-assembly';

// The economy page (docs/product/metrics.md#economy), from the resource days and the balances
// (ADR 031): the range's counted resource events that match the filters (flow source or sink, a
// virtual_currency, an amount above 0), summed per virtual currency, and for the currency shown per
// flow by bucket, item and item type; with the median balance by the player's level, asked at once.

export async function duckDbEconomy(q: DuckDbQuery, query: EconomyQuery): Promise<StoreAnswer<Economy>> {
  const params = new Params();
  // g: 0 the currencies, 1 the shown one's flows, 2 by bucket, 3 by item, 4 by item type; 5 the
  // events not counted.
  const main = q.rows(unfiltered(query) ? unfilteredSql(q, params, query) : filteredSql(q, params, query), params);
  // Asked together with the balances: one call into DuckDB (duckdb-statements.ts).
  const [rows, balances] = await Promise.all([main, balancesByLevel(q, query)]);
  const ofGroup = (g: number) => rows.filter((row) => num(row.g) === g);
  const flowSums = (row: Row): FlowSums => ({
    currency: String(row.currency),
    flow: String(row.flow) as ResourceFlow,
    amount: num(row.amount),
    events: num(row.events),
    players: num(row.players),
  });
  return assembleEconomy(
    {
      currencies: ofGroup(0).map((row) => ({ currency: String(row.currency), events: num(row.events) })),
      flows: ofGroup(1).map(flowSums),
      buckets: ofGroup(2).map((row) => ({ ...flowSums(row), bucket: String(row.b) })),
      items: ofGroup(3).map((row) => ({ ...flowSums(row), itemType: text(row.item_type), itemId: text(row.item_id) })),
      itemTypes: ofGroup(4).map((row) => ({ ...flowSums(row), itemType: text(row.item_type) })),
      balances: balances.map((row) => ({ currency: String(row.currency), level: text(row.level), median: num(row.median), events: num(row.events), players: num(row.players) })),
      ignored: num(ofGroup(5)[0]?.events),
    },
    query,
  );
}

/**
 * Unfiltered, from the resource counts (ADR 031): the resource players summed per group and
 * previous days, where a player counts once in a range or bucket starting on S on their row whose
 * previous day of the flow (item type, item) is before S, so nothing is counted DISTINCT. The shown
 * currency's counts are summed per day, flow, item type and item with each figure's players
 * (`days`), and every figure adds up from there, the top items ranked in theirs.
 */
function unfilteredSql(q: DuckDbQuery, params: Params, query: EconomyQuery): string {
  const from = date(query.from);
  const inRange = `${q.t.resourceCounts} WHERE ${rangeSql(query)}`;
  const bucketStart = query.granularity === 'day' ? 'day' : `greatest(date_trunc('${query.granularity}', day)::DATE, ${from})`;
  const measured = (players: string) => `sum(amount)::DOUBLE AS amount, sum(events)::DOUBLE AS events, sum(${players})::DOUBLE AS players`;
  const playersWhere = (condition: string) => `coalesce(sum(players) FILTER (WHERE ${condition}), 0)`;
  return `WITH days AS (
       SELECT day, currency, flow, item_type, item_id, sum(amount) AS amount, sum(events) AS events,
         ${playersWhere(`flow_since < ${from}`)} AS flow_players, ${playersWhere(`flow_since < ${bucketStart}`)} AS bucket_players,
         ${playersWhere(`type_since < ${from}`)} AS type_players, ${playersWhere(`item_since < ${from}`)} AS item_players
       FROM ${inRange} AND currency IN (SELECT currency FROM ${shownSql(params, query, () => inRange)})
       GROUP BY day, currency, flow, item_type, item_id
     )
     SELECT 0 AS g, currency, NULL AS flow, NULL AS b, NULL AS item_type, NULL AS item_id, NULL::DOUBLE AS amount, sum(events)::DOUBLE AS events, NULL::DOUBLE AS players
       FROM ${inRange} GROUP BY currency
     UNION ALL SELECT 1, currency, flow, NULL, NULL, NULL, ${measured('flow_players')} FROM days GROUP BY currency, flow
     UNION ALL SELECT 2, currency, flow, ${bucketSql('day', query.granularity, query.from)}, NULL, NULL, ${measured('bucket_players')} FROM days GROUP BY ALL
     UNION ALL SELECT 3, currency, flow, NULL, item_type, item_id, ${measured('item_players')} FROM days GROUP BY currency, flow, item_type, item_id
       QUALIFY rank() OVER (PARTITION BY currency, flow ORDER BY sum(amount) DESC) <= ${ECONOMY_TOP_ITEMS}
     UNION ALL SELECT 4, currency, flow, NULL, item_type, NULL, ${measured('type_players')} FROM days GROUP BY currency, flow, item_type
     UNION ALL SELECT 5, NULL, NULL, NULL, NULL, NULL, NULL, sum(events)::DOUBLE, NULL
       FROM ${q.t.resourceDays} WHERE ${rangeSql(query)} AND NOT counted`;
}

/**
 * Filtered by platform, country or version, from the resource days: one GROUP BY each, since
 * DuckDB counts distinct players per grouping set several times slower than in separate groupings
 * (ADR 031); the players of the items that can be in the top ten only (rank by amount, ties
 * included; the answer orders ties as it always did).
 */
function filteredSql(q: DuckDbQuery, params: Params, query: EconomyQuery): string {
  const bucket = bucketSql('day', query.granularity, query.from);
  const counted = `${q.t.resourceDays} WHERE ${rangeSql(query)} AND ${filterSql(params, query)} AND counted`;
  const shown = shownSql(params, query, () => counted);
  const mineOnly = `${counted} AND currency IN (SELECT currency FROM ${shown})`;
  const measured = 'sum(amount)::DOUBLE AS amount, sum(events)::DOUBLE AS events, count(DISTINCT uid)::DOUBLE AS players';
  return `WITH items AS (SELECT currency, flow, item_type, item_id, sum(amount) AS amount, sum(events) AS events FROM ${mineOnly} GROUP BY ALL),
       top AS (SELECT * FROM items QUALIFY rank() OVER (PARTITION BY currency, flow ORDER BY amount DESC) <= ${ECONOMY_TOP_ITEMS})
     SELECT 0 AS g, currency, NULL AS flow, NULL AS b, NULL AS item_type, NULL AS item_id, NULL::DOUBLE AS amount, sum(events)::DOUBLE AS events, NULL::DOUBLE AS players
       FROM ${counted} GROUP BY currency
     UNION ALL SELECT 1, currency, flow, NULL, NULL, NULL, ${measured} FROM ${mineOnly} GROUP BY currency, flow
     UNION ALL SELECT 2, currency, flow, ${bucket}, NULL, NULL, ${measured} FROM ${mineOnly} GROUP BY currency, flow, ${bucket}
     UNION ALL SELECT 3, t.currency, t.flow, NULL, t.item_type, t.item_id, any_value(t.amount)::DOUBLE, any_value(t.events)::DOUBLE, count(DISTINCT r.uid)::DOUBLE
       FROM top t JOIN ${q.t.resourceDays} r ON r.currency = t.currency AND r.flow = t.flow AND r.item_type IS NOT DISTINCT FROM t.item_type AND r.item_id IS NOT DISTINCT FROM t.item_id
       WHERE ${rangeSql(query, 'r.day')} AND ${filterSql(params, query, 'r.')} AND r.counted
       GROUP BY t.currency, t.flow, t.item_type, t.item_id
     UNION ALL SELECT 4, currency, flow, NULL, item_type, NULL, ${measured} FROM ${mineOnly} GROUP BY currency, flow, item_type
     UNION ALL SELECT 5, NULL, NULL, NULL, NULL, NULL, NULL, sum(events)::DOUBLE, NULL
       FROM ${q.t.resourceDays} WHERE ${rangeSql(query)} AND ${filterSql(params, query)} AND NOT counted`;
}

/**
 * The currencies the page may show, as a relation: the one asked for, else those with the most
 * counted events (several when tied; the answer picks one as it sorts the currencies).
 */
function shownSql(params: Params, query: EconomyQuery, counted: () => string): string {
  if (query.virtual_currency !== null) return `(SELECT ${params.add(query.virtual_currency)}::VARCHAR AS currency)`;
  return `(SELECT currency FROM (SELECT currency, sum(events) AS events FROM ${counted()} GROUP BY currency) QUALIFY rank() OVER (ORDER BY events DESC) = 1)`;
}

/**
 * The median balance of the counted resource events that carry a numeric balance, per currency
 * that may be shown and the player's level at the event, kept with each event in the balances
 * (ADR 031): the event's own `level` property when it has one, else the level of the player's
 * latest progression event at or before it (any filters, any time before it; at the same time,
 * the progression event counts as before).
 */
function balancesByLevel(q: DuckDbQuery, query: EconomyQuery): Promise<Row[]> {
  const params = new Params();
  const shown = shownSql(params, query, () =>
    unfiltered(query) ? `${q.t.resourceCounts} WHERE ${rangeSql(query)}` : `${q.t.resourceDays} WHERE ${rangeSql(query)} AND ${filterSql(params, query)} AND counted`,
  );
  if (!unfiltered(query)) {
    return q.rows(
      `SELECT currency, level, median(balance)::DOUBLE AS median, count(*)::DOUBLE AS events, count(DISTINCT uid)::DOUBLE AS players
       FROM ${q.t.balances} WHERE currency IN (SELECT currency FROM ${shown}) AND ${rangeSql(query)} AND ${filterSql(params, query)}
       GROUP BY currency, level`,
      params,
    );
  }
  // Unfiltered, the players from the balance players (ADR 031), without DISTINCT.
  return q.rows(
    `WITH shown AS (SELECT currency FROM ${shown}), b AS (
       SELECT currency, level, median(balance)::DOUBLE AS median, count(*)::DOUBLE AS events
       FROM ${q.t.balances} WHERE currency IN (SELECT currency FROM shown) AND ${rangeSql(query)} GROUP BY currency, level
     ), p AS (
       SELECT currency, level, (count(*) FILTER (WHERE since < ${date(query.from)}))::DOUBLE AS players
       FROM ${q.t.balancePlayers} WHERE currency IN (SELECT currency FROM shown) AND ${rangeSql(query)} GROUP BY currency, level
     )
     SELECT b.*, p.players FROM b LEFT JOIN p ON p.currency = b.currency AND p.level IS NOT DISTINCT FROM b.level`,
    params,
  );
}
