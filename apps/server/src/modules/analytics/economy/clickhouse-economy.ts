import { RESOURCE_EVENT, type Economy, type EconomyQuery, type ResourceFlow } from '@questboard/shared/analytics-economy';
import { LEVEL_EVENTS } from '@questboard/shared/analytics-levels';
import { literal, literalList } from '../../events/clickhouse/clickhouse-http';
import { bucketSql, filterSql, num, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { numberPropertySql, quantileContSql, stringPropertySql, textPropertySql } from '../clickhouse-game-sql';
import { text } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assembleEconomy, type FlowSums } from './economy-assembly';

// The economy page (docs/product/metrics.md#economy) in ClickHouse SQL on the deduplicated events
// (ADR 033; ADR 037 says why no rollup): one pass over the range's resource events that match the filters,
// grouped several ways at once, and the balances with the player's level at each; the page is made
// of them in economy-assembly.ts. Aliases never take an event column's name (`currency` is the real
// money's): 18.16 would read the alias where the column is meant.

/** The range's resource events with the properties the economy reads, and whether each is counted. */
function resourcesSql(q: ClickHouseQuery, query: EconomyQuery, extra = ''): string {
  return `(SELECT *, isNotNull(flow) AND assumeNotNull(flow) IN ('source', 'sink') AND isNotNull(vc)
        AND isNotNull(amount) AND assumeNotNull(amount) > 0 AS counted FROM (
      SELECT user_id, day, ts_ms, ${stringPropertySql('flow')} AS flow, ${stringPropertySql('virtual_currency')} AS vc,
        ${numberPropertySql('amount')} AS amount, ${textPropertySql('item_type')} AS item_type, ${textPropertySql('item_id')} AS item_id${extra}
      FROM ${q.eventsOn(query)} WHERE name = ${literal(RESOURCE_EVENT)} AND ${rangeSql(query)} AND ${filterSql(query)}))`;
}

export async function clickHouseEconomy(q: ClickHouseQuery, query: EconomyQuery): Promise<StoreAnswer<Economy>> {
  // Groups, one row of the events each through ARRAY JOIN (18.16 has no GROUPING SETS): 0 the
  // currencies, 1 by flow, 2 by flow and bucket, 3 by item, 4 by item type (of the currency asked
  // for, else of every currency: the one shown is known only from group 0); 5 the events not counted.
  const mine = query.virtual_currency === null ? '1' : `assumeNotNull(vc) = ${literal(query.virtual_currency)}`;
  const [rows, balances] = await Promise.all([
    q.rows(
      `SELECT g, cur, fl, b, it, ii, sum(worth) AS amount, count() AS events, uniqExact(user_id) AS players FROM (
         SELECT user_id, day, item_type, item_id, if(counted, assumeNotNull(vc), '') AS cur, if(counted, assumeNotNull(flow), '') AS fl_all,
           if(counted, assumeNotNull(amount), 0) AS worth, if(counted, if(${mine}, [0, 1, 2, 3, 4], [0]), [5]) AS groups
         FROM ${resourcesSql(q, query)}
       ) ARRAY JOIN groups AS g
       GROUP BY g, cur, if(g IN (1, 2, 3, 4), fl_all, '') AS fl, if(g = 2, ${bucketSql('day', query.granularity, query.from)}, '') AS b,
         if(g IN (3, 4), item_type, NULL) AS it, if(g = 3, item_id, NULL) AS ii`,
    ),
    clickHouseBalances(q, query, mine),
  ]);
  const ofGroup = (g: number) => rows.filter((row) => num(row.g) === g);
  const flowSums = (row: Record<string, unknown>): FlowSums => ({
    currency: String(row.cur),
    flow: String(row.fl) as ResourceFlow,
    amount: num(row.amount),
    events: num(row.events),
    players: num(row.players),
  });
  return assembleEconomy(
    {
      currencies: ofGroup(0).map((row) => ({ currency: String(row.cur), events: num(row.events) })),
      flows: ofGroup(1).map(flowSums),
      buckets: ofGroup(2).map((row) => ({ ...flowSums(row), bucket: String(row.b) })),
      items: ofGroup(3).map((row) => ({ ...flowSums(row), itemType: text(row.it), itemId: text(row.ii) })),
      itemTypes: ofGroup(4).map((row) => ({ ...flowSums(row), itemType: text(row.it) })),
      balances,
      ignored: num(ofGroup(5)[0]?.events),
    },
    query,
  );
}

/**
 * The median balance of the counted resource events that carry a numeric balance, per currency and
 * the player's level at the event: its own level property, else the level of the player's latest
 * progression event at or before it (any filters, any day up to the range's end; one in the same
 * millisecond counts as before), found in the player's progression as an array sorted by event
 * order, since 18.16 has no window functions. The event's time goes into the lambda as an array
 * (`replicate`): 18.16 drops a subquery's column that only a lambda names.
 */
async function clickHouseBalances(q: ClickHouseQuery, query: EconomyQuery, mine: string): Promise<{ currency: string; level: string | null; median: number; events: number; players: number }[]> {
  const progression = `(SELECT user_id, arrayMap(e -> tupleElement(e, 1), progress) AS progress_ms, arrayMap(e -> tupleElement(e, 4), progress) AS progress_levels FROM (
      SELECT user_id, arraySort(groupArray((ts_ms, received_ms, insert_id, assumeNotNull(seen)))) AS progress FROM (
        SELECT user_id, ts_ms, received_ms, insert_id, ${textPropertySql('level')} AS seen
        FROM ${q.eventsOn({ from: '1970-01-01', to: query.to })} WHERE name IN ${literalList(Object.values(LEVEL_EVENTS))}
      ) WHERE isNotNull(seen) GROUP BY user_id))`;
  const rows = await q.rows(
    `SELECT cur_vc AS cur, at_level, ${quantileContSql('arraySort(groupArray(assumeNotNull(balance)))', 0.5)} AS median, count() AS events, uniqExact(user_id) AS players FROM (
       SELECT user_id, cur_vc, balance, if(isNotNull(own_level), own_level, if(empty(before), NULL, before[-1])) AS at_level FROM (
         SELECT user_id, cur_vc, balance, own_level, arrayFilter((level, ms, at) -> ms <= at, progress_levels, progress_ms, replicate(ts_ms, progress_ms)) AS before FROM (
           SELECT user_id, ts_ms, assumeNotNull(vc) AS cur_vc, balance, own_level FROM ${resourcesSql(q, query, `, ${numberPropertySql('balance')} AS balance, ${textPropertySql('level')} AS own_level`)}
           WHERE counted AND isNotNull(balance) AND ${mine}
         ) ANY LEFT JOIN ${progression} USING user_id
       )
     ) GROUP BY cur, at_level`,
  );
  return rows.map((row) => ({ currency: String(row.cur), level: text(row.at_level), median: num(row.median), events: num(row.events), players: num(row.players) }));
}
