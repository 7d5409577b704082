import type { Funnel, FunnelFilter, FunnelPlayers, FunnelPlayersQuery, FunnelQuery, FunnelStep } from '@questboard/shared/analytics-funnels';
import { literal, literalList } from '../../events/clickhouse/clickhouse-http';
import { bucketSql, filterSql, num, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { anyTextPropertySql, numberPropertySql, quantileContSql } from '../clickhouse-game-sql';
import { iso, numOrNull, text, type Row } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assembleFunnel, breakdownRows } from './funnel-assembly';

// A funnel in ClickHouse SQL on the deduplicated events (ADR 027's counting, funnel-metrics.ts; ADR
// 033): 18.16 has no window functions, so each player's events of the steps become one array sorted
// by time and insert_id, and each step is found in it with arrayFirstIndex. Names, keys and values
// go through `literal`. A value a lambda compares with (the previous step's time, the window's end)
// goes in as an array (`replicate`): 18.16 drops a subquery's column that only a lambda names.

function filterCondition(filter: FunnelFilter): string {
  const textOf = anyTextPropertySql(filter.property);
  const numberOf = numberPropertySql(filter.property);
  const compared = (value: string, condition: string) => `(isNotNull(${value}) AND ${condition.replaceAll('$', `assumeNotNull(${value})`)})`;
  switch (filter.operator) {
    case 'eq':
      return compared(textOf, `$ = ${literal(filter.value)}`);
    case 'neq':
      return compared(textOf, `$ != ${literal(filter.value)}`);
    case 'in':
      return compared(textOf, `$ IN ${literalList(filter.values)}`);
    case 'gt':
      return compared(numberOf, `$ > ${literal(filter.value)}`);
    case 'gte':
      return compared(numberOf, `$ >= ${literal(filter.value)}`);
    case 'lt':
      return compared(numberOf, `$ < ${literal(filter.value)}`);
    case 'lte':
      return compared(numberOf, `$ <= ${literal(filter.value)}`);
  }
}

/** 1 for an event that matches the step, else 0 (a missing property matches no filter). */
function stepCondition(step: FunnelStep): string {
  return `(name = ${literal(step.event)}${step.filters.map((filter) => ` AND ${filterCondition(filter)}`).join('')})`;
}

function breakdownSql(query: FunnelQuery): string {
  if (query.breakdown === 'none') return 'CAST(NULL AS Nullable(String))';
  if (query.breakdown === 'property') return anyTextPropertySql(query.breakdownProperty ?? '');
  return query.breakdown;
}

const stepNumbers = (query: FunnelQuery) => query.steps.map((_, index) => index + 1);

/**
 * One row per player who entered: user_id, `k` (the entry's breakdown value) and t1 … tN, the
 * epoch milliseconds each step was reached (NULL: not reached).
 */
function playersSql(q: ClickHouseQuery, query: FunnelQuery): string {
  const numbers = stepNumbers(query);
  const window = literal(query.window * 60_000);
  const names = [...new Set(query.steps.map((step) => step.event))];
  const flags = query.steps.map((step, index) => `${stepCondition(step)} AS s${index + 1}`).join(', ');
  // The steps' events in the range and filters, each player's as parallel arrays in event order.
  const events = `SELECT user_id, arraySort(groupArray((ts_ms, insert_id, k, ${numbers.map((n) => `s${n}`).join(', ')}))) AS ev FROM (
      SELECT user_id, ts_ms, insert_id, ${breakdownSql(query)} AS k, ${flags}
      FROM ${q.eventsOn(query)} WHERE name IN ${literalList(names)} AND ${rangeSql(query)} AND ${filterSql(query)}
    ) WHERE ${numbers.map((n) => `s${n}`).join(' OR ')} GROUP BY user_id`;
  const arrays = `user_id, arrayMap(e -> tupleElement(e, 1), ev) AS ts, arrayMap(e -> tupleElement(e, 3), ev) AS ks, ${numbers
    .map((n) => `arrayMap(e -> tupleElement(e, ${n + 3}), ev) AS f${n}`)
    .join(', ')}`;
  const at = (index: string) => `if(${index} = 0, NULL, ts[${index}])`;
  if (query.order === 'any') {
    // Entry: the first event (every event here matches a step). Each step is done at its first
    // matching event within the window (all events are at or after the entry); step N is reached
    // at the Nth of those times.
    const firsts = numbers.map((n) => `arrayFirstIndex((f, x, end) -> f = 1 AND x <= end, f${n}, ts, replicate(ts[1] + ${window}, ts)) AS i${n}`);
    const done = `arraySort(arrayFilter(x -> x >= 0, [${numbers.map((n) => `if(i${n} = 0, toInt64(-1), ts[i${n}])`).join(', ')}]))`;
    return `(SELECT user_id, k, ${numbers.map((n) => `if(length(done) >= ${n}, done[${n}], NULL) AS t${n}`).join(', ')} FROM (
        SELECT user_id, ks[1] AS k, ${firsts.join(', ')}, ${done} AS done FROM (SELECT ${arrays} FROM (${events}))))`;
  }
  // Strict order: step 1 is the first event matching it; each next step the first matching event at
  // a later millisecond than the previous step's, within the window from the entry.
  const chain = numbers.slice(1).map(
    (n) => `if(i${n - 1} = 0, 0, arrayFirstIndex((f, x, after, end) -> f = 1 AND x > after AND x <= end, f${n}, ts,
        replicate(ts[i${n - 1}], ts), replicate(ts[i1] + ${window}, ts))) AS i${n}`,
  );
  return `(SELECT user_id, k, ${numbers.map((n) => `${at(`i${n}`)} AS t${n}`).join(', ')} FROM (
      SELECT user_id, ts, ks[i1] AS k, arrayFirstIndex(f -> f = 1, f1) AS i1, ${chain.join(', ')} FROM (SELECT ${arrays} FROM (${events}))
    ) WHERE i1 > 0)`;
}

export async function clickHouseFunnel(q: ClickHouseQuery, query: FunnelQuery): Promise<StoreAnswer<Funnel>> {
  const numbers = stepNumbers(query);
  const last = numbers.length;
  const seconds = (n: number, fraction: number) =>
    quantileContSql(`arraySort(groupArrayIf(assumeNotNull(t${n} - t1) / 1000, g = 0 AND isNotNull(t${n})))`, fraction);
  // One pass over the players, grouped three ways through ARRAY JOIN (no GROUPING SETS in 18.16):
  // 0 all of them, 1 by breakdown value, 2 by the bucket of the entry day.
  const rows = await q.rows(
    `SELECT g, value, b, count() AS entered, countIf(isNotNull(t${last})) AS converted,
       ${numbers.map((n) => `countIf(isNotNull(t${n})) AS n${n}, ${seconds(n, 0.5)} AS m${n}, ${seconds(n, 0.9)} AS p${n}`).join(', ')}
     FROM ${playersSql(q, query)} ARRAY JOIN [0, 1, 2] AS g
     GROUP BY g, if(g = 1, k, NULL) AS value, if(g = 2, ${bucketSql('toDate(intDiv(assumeNotNull(t1), 86400000))', query.granularity, query.from)}, '') AS b`,
  );
  const ofGroup = (g: number) => rows.filter((row) => num(row.g) === g);
  const all = ofGroup(0)[0];
  const reached = (row: Row) => numbers.map((n) => num(row[`n${n}`]));
  return assembleFunnel(
    {
      steps: numbers.map((n) => ({ players: num(all?.[`n${n}`]), medianSeconds: numOrNull(all?.[`m${n}`]), p90Seconds: numOrNull(all?.[`p${n}`]) })),
      breakdown: breakdownRows(ofGroup(1).map((row) => ({ value: text(row.value), players: reached(row) }))),
      trend: ofGroup(2).map((row) => ({ date: String(row.b), entered: num(row.entered), converted: num(row.converted) })),
    },
    query,
  );
}

/** The players who reached step N − 1 and not step N, in order of entry then user id. */
export async function clickHouseFunnelPlayers(q: ClickHouseQuery, query: FunnelPlayersQuery): Promise<FunnelPlayers> {
  const [row] = await q.rows(
    `SELECT count() AS total, arraySlice(arraySort(groupArray((assumeNotNull(t1), user_id, assumeNotNull(t${query.step - 1})))), ${literal(query.offset + 1)}, ${literal(query.limit)}) AS page
     FROM ${playersSql(q, query)} WHERE isNotNull(t${query.step - 1}) AND isNull(t${query.step})`,
  );
  const page = (row?.page as [number, string, number][] | undefined) ?? [];
  return {
    total: num(row?.total),
    players: page.map(([entered, userId, reachedAt]) => ({ userId, enteredAt: iso(entered), lastStepAt: iso(reachedAt) })),
  };
}
