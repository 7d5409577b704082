import type { ExperimentMetric } from '@questboard/shared/experiments-api';
import { REVENUE_WINSORISATION_QUANTILE } from '@questboard/shared/experiments-winsorise';
import { literal, literalList } from '../../events/clickhouse/clickhouse-http';
import { date, worthSql, type ClickHouseQuery } from '../../analytics/clickhouse-sql';
import { anyTextPropertySql, numberPropertySql } from '../../analytics/clickhouse-game-sql';
import type { ExperimentSums, ExperimentSumsQuery } from './experiment-sums';
import { assembleExperimentSums } from './experiment-sums-assembly';

// An experiment's sums in ClickHouse SQL on the deduplicated events (ADR 030's counting,
// experiment-sums.ts; ADR 033). 18.16 has neither common table expressions nor window functions, so
// the relations are nested subqueries: `exposed` each player's first exposure, `counted` the players
// of the experiment's variants whose day N of some metric is over, one aggregate per source (active
// days, sessions, purchases, each chosen event) joined to them one ANY LEFT JOIN at a time (18.16
// joins two tables per SELECT), and `values` each player's y, x, h and c per metric. What leaves the
// database is sums per variant and exposure day, as in DuckDB.

const DAY = (ms: string) => `toDate(intDiv(${ms}, 86400000))`;
/** After exposure and on days 0 to N, for a source with `ts_ms` and `day`. */
const after = (n: number) => `(ts_ms >= xts AND day <= xday + ${n})`;
/** The pre-period of a metric over days 0 to N: days −(N + 1) to −1. */
const before = (n: number) => `(day >= xday - ${n + 1} AND day <= xday - 1)`;

/** The chosen event's property matches the metric's value: the same text (3 and "3" alike), or for a number the same number (10 and 10.0 alike). */
function propertyMatchSql(name: string, value: string | number | boolean): string {
  const textOf = anyTextPropertySql(name);
  const byText = `(isNotNull(${textOf}) AND assumeNotNull(${textOf}) = ${literal(String(value))})`;
  if (typeof value !== 'number') return byText;
  // A number matches a number equal to it, or a string whose text is the number's.
  const numberOf = numberPropertySql(name);
  const stringOf = `if(indexOf(property_keys, ${literal(name)}) > 0 AND property_kinds[indexOf(property_keys, ${literal(name)})] = 'string', property_texts[indexOf(property_keys, ${literal(name)})], NULL)`;
  return `((isNotNull(${numberOf}) AND assumeNotNull(${numberOf}) = ${literal(value)}) OR (isNotNull(${stringOf}) AND assumeNotNull(${stringOf}) = ${literal(String(value))}))`;
}

/** A per-player aggregate over a source's rows of the counted players within the metrics' span. */
function sourceSql(counted: string, rows: string, span: string, aggregates: string[]): string {
  return `(SELECT user_id, ${aggregates.join(', ')} FROM (SELECT user_id, xts, xday FROM ${counted}) ALL INNER JOIN ${rows} USING user_id
    WHERE ${span} GROUP BY user_id)`;
}

export async function clickHouseExperimentSums(q: ClickHouseQuery, query: ExperimentSumsQuery): Promise<ExperimentSums> {
  if (query.metrics.length === 0) throw new RangeError('an experiment has at least its primary metric');
  const { metrics } = query;
  const last = date(query.lastLookDay);
  const nMin = Math.min(...metrics.map((metric: ExperimentMetric) => metric.days));
  const nMax = Math.max(...metrics.map((metric: ExperimentMetric) => metric.days));
  const experiment = anyTextPropertySql('experiment');
  // The first exposure by time, then insert_id (its variant in a tuple, so NULL survives argMin);
  // mixed when two name different variants.
  const exposed = `(SELECT user_id, tupleElement(first, 1) AS variant, tupleElement(first, 2) AS xts, lowest != highest AS mixed FROM (
      SELECT user_id, argMin((named, ts_ms), (ts_ms, insert_id)) AS first, min(ifNull(named, '')) AS lowest, max(ifNull(named, '')) AS highest
      FROM (SELECT user_id, ts_ms, insert_id, ${anyTextPropertySql('variant')} AS named FROM ${q.events}
        WHERE name = 'experiment_exposure' AND ts_ms >= ${literal(Math.round(query.startMs))} AND ts_ms < ${literal(Math.round(query.endMs))}
          AND isNotNull(${experiment}) AND assumeNotNull(${experiment}) = ${literal(query.key)})
      GROUP BY user_id))`;
  const counted = `(SELECT user_id, assumeNotNull(variant) AS arm, xts, ${DAY('xts')} AS xday FROM ${exposed}
      WHERE isNotNull(variant) AND assumeNotNull(variant) IN ${literalList(query.variants)} AND ${DAY('xts')} + ${nMin} <= ${last})`;
  const span = (extra = '0') => `(day >= xday - ${nMax + 1} AND day <= xday + ${nMax} OR ${extra})`;

  const activity: string[] = [];
  const sessions: string[] = [];
  const purchases: string[] = [];
  // Relations of user_id and per-player aggregates.
  const sources: string[] = [];
  const columns = metrics.map((metric, i) => {
    const n = metric.days;
    activity.push(`max(${before(n)}) AS hist${i}`);
    const h = `hist${i}`;
    const isCounted = `xday + ${n} <= ${last}`;
    switch (metric.kind) {
      case 'retention':
        activity.push(`max(day = xday + ${n}) AS ay${i}`, `max(day = xday - 1) AS ax${i}`);
        return { y: `ay${i}`, x: `ax${i}`, h, counted: isCounted };
      case 'sessions':
        sessions.push(`countIf(end_ms >= xts AND day <= xday + ${n}) AS sy_${i}`, `countIf(${before(n)}) AS sx_${i}`);
        return { y: `sy_${i}`, x: `sx_${i}`, h, counted: isCounted };
      case 'payer-conversion':
        purchases.push(`max(${after(n)}) AS py${i}`, `max(${before(n)}) AS px${i}`);
        return { y: `py${i}`, x: `px${i}`, h, counted: isCounted };
      case 'revenue':
        purchases.push(`sumIf(revenue, ${after(n)}) AS py${i}`, `sumIf(revenue, ${before(n)}) AS px${i}`);
        return { y: `py${i}`, x: `px${i}`, h, counted: isCounted };
      case 'event-conversion':
      case 'property-mean': {
        const chosen = `(SELECT user_id, ts_ms, day, ${
          metric.kind === 'event-conversion'
            ? `${metric.property === null ? '1' : propertyMatchSql(metric.property.name, metric.property.value)} AS ok`
            : `${numberPropertySql(metric.property)} AS v`
        } FROM ${q.events} WHERE name = ${literal(metric.event)})`;
        if (metric.kind === 'event-conversion') {
          sources.push(sourceSql(counted, chosen, span(), [`max(${after(n)} AND ok) AS ey${i}`, `max(${before(n)} AND ok) AS ex${i}`]));
          return { y: `ey${i}`, x: `ex${i}`, h, counted: isCounted };
        }
        sources.push(
          sourceSql(counted, chosen, span(), [
            `sumIf(assumeNotNull(v), ${after(n)} AND isNotNull(v)) AS eys${i}`,
            `countIf(${after(n)} AND isNotNull(v)) AS eyn${i}`,
            `sumIf(assumeNotNull(v), ${before(n)} AND isNotNull(v)) AS exs${i}`,
            `countIf(${before(n)} AND isNotNull(v)) AS exn${i}`,
          ]),
        );
        return { y: `if(eyn${i} = 0, 0, eys${i} / eyn${i})`, x: `if(exn${i} = 0, 0, exs${i} / exn${i})`, h: `exn${i} > 0`, counted: `${isCounted} AND eyn${i} > 0` };
      }
    }
  });
  sources.unshift(sourceSql(counted, `(SELECT DISTINCT user_id, day FROM ${q.userDays()})`, span(), activity));
  if (sessions.length > 0) {
    // A session in progress at the exposure counts as starting on day 0 (it has an event at or after it).
    sources.push(sourceSql(counted, `(SELECT user_id, day, end_ms FROM ${q.sessions})`, span('end_ms >= xts AND day <= xday'), sessions));
  }
  if (purchases.length > 0) {
    // A purchase of 0 is not a transaction; one in a currency without a rate is a transaction whose revenue is 0.
    sources.push(sourceSql(counted, `(SELECT user_id, ts_ms, day, ${worthSql(query.money)} AS revenue FROM ${q.events} WHERE revenue_amount > 0)`, span(), purchases));
  }
  // The players with every source's aggregates, a player without rows in a source getting zeros.
  const joined = sources.reduce((relation, source) => `(SELECT * FROM ${relation} ANY LEFT JOIN ${source} USING user_id)`, counted);
  const values = `(SELECT arm, xday, ${columns
    .map((column, i) => `toFloat64(${column.y}) AS y${i}, toFloat64(${column.x}) AS x${i}, toFloat64(${column.h}) AS h${i}, ${column.counted} AS c${i}`)
    .join(', ')} FROM ${joined})`;
  const sums = columns
    .map((_, i) =>
      [
        `countIf(c${i}) AS n${i}`,
        `sumIf(y${i}, c${i}) AS sy${i}`,
        `sumIf(y${i} * y${i}, c${i}) AS syy${i}`,
        `sumIf(h${i}, c${i}) AS sh${i}`,
        `sumIf(h${i} * y${i}, c${i}) AS shy${i}`,
        `sumIf(x${i}, c${i}) AS sx${i}`,
        `sumIf(x${i} * x${i}, c${i}) AS sxx${i}`,
        `sumIf(x${i} * y${i}, c${i}) AS sxy${i}`,
      ].join(', '),
    )
    .join(', ');
  const [exposures, days, ...caps] = await Promise.all([
    q.rows(`SELECT variant, count() AS players, countIf(mixed) AS mixed FROM ${exposed} GROUP BY variant`),
    q.rows(`SELECT arm AS variant, toString(xday) AS day, ${sums} FROM ${values} GROUP BY arm, xday`),
    ...metrics.map((metric, i) => (metric.kind === 'revenue' ? q.rows(capsSql(values, i, last)) : Promise.resolve([]))),
  ]);
  return assembleExperimentSums({ exposures, days, caps }, query);
}

const PERCENTILE = REVENUE_WINSORISATION_QUANTILE;

/** The element of a sorted array at the cap's rank: the nearest rank, as `winsorisationCap` computes it. */
export function nearestRankSql(sorted: string): string {
  return `${sorted}[toUInt64(greatest(1, ceil(length(${sorted}) * ${literal(PERCENTILE)} - 1e-9)))]`;
}

/**
 * Per revenue metric: the cap of each look (each exposure day of a counted player; the 99.9th
 * percentile by nearest rank, as DuckDB's quantile_disc, of the players exposed up to it) and what
 * capping changes in each variant's sums. Every counted player is paired with each day from their
 * exposure day to the last look (ARRAY JOIN; the day reaches the lambda through `replicate`, since
 * 18.16 drops a subquery's column only a lambda names), a day's players give its caps and are
 * compared with them, and a day without exposures has no look.
 */
function capsSql(values: string, i: number, last: string): string {
  const looks = `(SELECT arm, xday, y${i} AS y, x${i} AS x, h${i} AS h, look FROM (
      SELECT arm, xday, y${i}, x${i}, h${i}, range(toUInt64(${last} - xday + 1)) AS offsets FROM ${values} WHERE c${i}
    ) ARRAY JOIN arrayMap((offset, exposed) -> exposed + offset, offsets, replicate(xday, offsets)) AS look)`;
  const rank = (sorted: string) => nearestRankSql(sorted);
  const capped = (value: string, cap: string) => `if(${cap} > 0, least(${value}, ${cap}), ${value})`;
  const y = capped('y', 'cy');
  const x = capped('x', 'cx');
  // Each look's players travel as one array beside its caps and are unfolded again, so the values are evaluated once.
  return `SELECT arm AS variant, toString(look) AS day,
      sum(${y} - y) AS sy, sum(${y} * ${y} - y * y) AS syy, sum(h * (${y} - y)) AS shy,
      sum(${x} - x) AS sx, sum(${x} * ${x} - x * x) AS sxx, sum(${x} * ${y} - x * y) AS sxy
    FROM (
      SELECT look, cy, cx, tupleElement(player, 1) AS arm, tupleElement(player, 2) AS y, tupleElement(player, 3) AS x, tupleElement(player, 4) AS h FROM (
        SELECT look, groupArray((arm, y, x, h)) AS players, ${rank('arraySort(groupArray(y))')} AS cy, ${rank('arraySort(groupArray(x))')} AS cx
        FROM ${looks} GROUP BY look HAVING countIf(xday = look) > 0
      ) ARRAY JOIN players AS player
    )
    WHERE (cy > 0 AND y > cy) OR (cx > 0 AND x > cx)
    GROUP BY arm, look`;
}
