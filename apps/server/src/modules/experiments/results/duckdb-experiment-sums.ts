import type { ExperimentMetric } from '@questboard/shared/experiments-api';
import { REVENUE_WINSORISATION_QUANTILE } from '@questboard/shared/experiments-winsorise';
import { date, Params, ratesSql, type DuckDbQuery, type Row } from '../../analytics/duckdb-sql';
import type { ExperimentSums, ExperimentSumsQuery } from './experiment-sums';
import { assembleExperimentSums } from './experiment-sums-assembly';

// An experiment's sums in DuckDB (ADR 030; the counting in experiment-sums.ts). One statement:
// `x` is each player's first exposure; `p` the exposed players of the experiment's variants whose
// day N of some metric is over; one aggregate per source (active days and sessions from the
// rollups, purchases and the chosen events from the events) gives each player's values after and
// before exposure; `pv` holds, per metric i, y{i} (after), x{i} (before, 0 without history), h{i}
// (history) and c{i} (counted). What leaves the database is sums per variant and exposure day,
// never a row per player. Every key, name and value travels as a parameter.

/** A property's path for the JSON functions: the whole key, dots and spaces included, as one member. */
const jsonPath = (key: string) => `$."${key.replaceAll('"', '\\"')}"`;

/**
 * The chosen property read once per event (JSON is parsed per call, the cost of these queries):
 * `raw` its JSON text (a number as written, a string quoted), `text` as the funnels compare it.
 */
const isNumberSql = (raw: string) => `(${raw}[1] BETWEEN '0' AND '9' OR ${raw}[1] = '-')`;

/** The property's value when it is a JSON number, else NULL. */
const numberSql = (raw: string) => `(CASE WHEN ${isNumberSql(raw)} THEN TRY_CAST(${raw} AS DOUBLE) END)`;

/**
 * True for an event whose property has the chosen value: the same text (3 and "3" alike), or for a
 * number value the same number (10 and 10.0 alike). For a number, the text of a JSON string is its
 * quoted form, so only the raw JSON text is read.
 */
function propertyMatchSql(params: Params, column: string, value: string | number | boolean): string {
  if (typeof value !== 'number') return `coalesce(${column} = ${params.add(String(value))}, false)`;
  return `coalesce(${numberSql(column)} = ${params.add(value)} OR ${column} = ${params.add(JSON.stringify(String(value)))}, false)`;
}

/** After exposure and on days 0 to N, for a source with `ts` (event time) and `d` (its UTC day). */
const after = (n: number) => `(s.ts >= p.xts AND s.d <= p.xday + ${n})`;
/** The pre-period of a metric over days 0 to N: days −(N + 1) to −1. */
const before = (n: number) => `(s.d BETWEEN p.xday - ${n + 1} AND p.xday - 1)`;

const sumsColumns = (i: number, where: string) =>
  [
    `count(*) FILTER (WHERE ${where})::DOUBLE AS n${i}`,
    `coalesce(sum(y${i}) FILTER (WHERE ${where}), 0)::DOUBLE AS sy${i}`,
    `coalesce(sum(y${i} * y${i}) FILTER (WHERE ${where}), 0)::DOUBLE AS syy${i}`,
    `coalesce(sum(h${i}) FILTER (WHERE ${where}), 0)::DOUBLE AS sh${i}`,
    `coalesce(sum(h${i} * y${i}) FILTER (WHERE ${where}), 0)::DOUBLE AS shy${i}`,
    `coalesce(sum(x${i}) FILTER (WHERE ${where}), 0)::DOUBLE AS sx${i}`,
    `coalesce(sum(x${i} * x${i}) FILTER (WHERE ${where}), 0)::DOUBLE AS sxx${i}`,
    `coalesce(sum(x${i} * y${i}) FILTER (WHERE ${where}), 0)::DOUBLE AS sxy${i}`,
  ].join(', ');

interface Built {
  /** CTEs of per-player aggregates, each keyed by uid. */
  sources: string[];
  /** Per metric: its y, x and h expressions over the joined sources, and extra conditions to count the player. */
  columns: { y: string; x: string; h: string; counted: string }[];
}

function build(params: Params, q: DuckDbQuery, query: ExperimentSumsQuery): Built {
  const { metrics } = query;
  const nMax = Math.max(...metrics.map((metric) => metric.days));
  const span = (d: string, extra = 'false') => `(${d} BETWEEN p.xday - ${nMax + 1} AND p.xday + ${nMax} OR ${extra})`;
  const sources: string[] = [];
  const activity: string[] = [];
  const sessions: string[] = [];
  const purchases: string[] = [];
  const columns = metrics.map((metric, i): Built['columns'][number] => {
    const n = metric.days;
    // History: an event on one of the pre-period's days (the mean of a property overrides it below).
    activity.push(`bool_or(${before(n)})::INTEGER AS h${i}`);
    const h = `coalesce(act.h${i}, 0)`;
    const counted = `p.xday + ${n} <= ${date(query.lastLookDay)}`;
    switch (metric.kind) {
      case 'retention':
        activity.push(`bool_or(s.d = p.xday + ${n})::INTEGER AS ay${i}`, `bool_or(s.d = p.xday - 1)::INTEGER AS ax${i}`);
        return { y: `coalesce(act.ay${i}, 0)`, x: `coalesce(act.ax${i}, 0)`, h, counted };
      case 'sessions':
        sessions.push(`count(*) FILTER (WHERE s.end_ts >= p.xts AND s.d <= p.xday + ${n})::DOUBLE AS sy${i}`, `count(*) FILTER (WHERE ${before(n)})::DOUBLE AS sx${i}`);
        return { y: `coalesce(ses.sy${i}, 0)`, x: `coalesce(ses.sx${i}, 0)`, h, counted };
      case 'payer-conversion':
        purchases.push(`bool_or(${after(n)})::INTEGER AS py${i}`, `bool_or(${before(n)})::INTEGER AS px${i}`);
        return { y: `coalesce(pur.py${i}, 0)`, x: `coalesce(pur.px${i}, 0)`, h, counted };
      case 'revenue':
        purchases.push(
          `coalesce(sum(s.revenue) FILTER (WHERE ${after(n)}), 0)::DOUBLE AS py${i}`,
          `coalesce(sum(s.revenue) FILTER (WHERE ${before(n)}), 0)::DOUBLE AS px${i}`,
        );
        return { y: `coalesce(pur.py${i}, 0)`, x: `coalesce(pur.px${i}, 0)`, h, counted };
      case 'event-conversion':
      case 'property-mean': {
        // The property is read from the JSON once per event, and only for the exposed players' events of the days needed.
        const property = metric.kind === 'property-mean' ? metric.property : (metric.property?.name ?? null);
        const path = property === null ? null : params.add(jsonPath(property));
        const byText = metric.kind === 'event-conversion' && metric.property !== null && typeof metric.property.value !== 'number';
        const read = path === null ? 'NULL::VARCHAR' : byText ? `json_extract_string(s.properties, ${path})` : `json_extract(s.properties, ${path})::VARCHAR`;
        const pick =
          metric.kind === 'event-conversion'
            ? `bool_or(a AND ok)::INTEGER AS ey, bool_or(b AND ok)::INTEGER AS ex`
            : `avg(v) FILTER (WHERE a) AS ey, avg(v) FILTER (WHERE b) AS ex`;
        const judged =
          metric.kind === 'event-conversion'
            ? `${metric.property === null ? 'true' : propertyMatchSql(params, 'j', metric.property.value)} AS ok`
            : `${numberSql('j')} AS v`;
        sources.push(`e${i} AS (
          SELECT uid, ${pick} FROM (
            SELECT uid, a, b, ${judged} FROM (
              SELECT p.uid, ${after(n)} AS a, ${before(n)} AS b, ${read} AS j
              FROM p JOIN (SELECT hash(user_id) AS uid, ts, ts::DATE AS d, properties FROM ${q.t.events} WHERE name = ${params.add(metric.event)}) s
                ON s.uid = p.uid AND ${span('s.d')}))
          GROUP BY uid)`);
        if (metric.kind === 'event-conversion') return { y: `coalesce(e${i}.ey, 0)`, x: `coalesce(e${i}.ex, 0)`, h, counted };
        return { y: `e${i}.ey`, x: `coalesce(e${i}.ex, 0)`, h: `(e${i}.ex IS NOT NULL)::INTEGER`, counted: `${counted} AND e${i}.ey IS NOT NULL` };
      }
    }
  });
  sources.push(`act AS (
    SELECT p.uid, ${activity.join(', ')}
    FROM p JOIN (SELECT uid, day AS d FROM ${q.t.activeDays}) s ON s.uid = p.uid AND ${span('s.d')}
    GROUP BY p.uid)`);
  if (sessions.length > 0) {
    // A session in progress at the exposure counts as starting on day 0 (it has an event at or after it).
    sources.push(`ses AS (
      SELECT p.uid, ${sessions.join(', ')}
      FROM p JOIN (SELECT uid, day AS d, end_ts FROM ${q.t.sessions}) s ON s.uid = p.uid AND ${span('s.d', 's.end_ts >= p.xts AND s.d <= p.xday')}
      GROUP BY p.uid)`);
  }
  if (purchases.length > 0) {
    // A purchase of 0 is not a transaction; one in a currency without a rate is a transaction whose revenue is left out.
    sources.push(`pur AS (
      SELECT p.uid, ${purchases.join(', ')}
      FROM p JOIN (
        SELECT hash(e.user_id) AS uid, e.ts, e.ts::DATE AS d, e.revenue_amount * r.rate AS revenue
        FROM ${q.t.events} e LEFT JOIN ${ratesSql(params, query.money)} r ON r.currency = e.currency
        WHERE e.revenue_amount > 0
      ) s ON s.uid = p.uid AND ${span('s.d')}
      GROUP BY p.uid)`);
  }
  return { sources, columns };
}

/** The cap's quantile (nearest rank, as `winsorisationCap`; the rank test in experiment-caps.int.test.ts). */
export const PERCENTILE = REVENUE_WINSORISATION_QUANTILE;

/** Per revenue metric: the cap of each look (by exposure day) and what capping changes in each variant's sums. */
function capsSql(i: number): string {
  const capped = (value: string, cap: string) => `CASE WHEN ${cap} > 0 THEN least(${value}, ${cap}) ELSE ${value} END`;
  const y = capped(`v.y${i}`, 'k.cy');
  const x = capped(`v.x${i}`, 'k.cx');
  return `(SELECT list({'variant': variant, 'day': day::VARCHAR, 'sy': sy, 'syy': syy, 'shy': shy, 'sx': sx, 'sxx': sxx, 'sxy': sxy}) FROM (
      SELECT v.variant, k.day,
        sum(${y} - v.y${i})::DOUBLE AS sy, sum(${y} * ${y} - v.y${i} * v.y${i})::DOUBLE AS syy, sum(v.h${i} * (${y} - v.y${i}))::DOUBLE AS shy,
        sum(${x} - v.x${i})::DOUBLE AS sx, sum(${x} * ${x} - v.x${i} * v.x${i})::DOUBLE AS sxx, sum(${x} * ${y} - v.x${i} * v.y${i})::DOUBLE AS sxy
      FROM (
        SELECT DISTINCT xday AS day, quantile_disc(y${i}, ${PERCENTILE}) OVER w AS cy, quantile_disc(x${i}, ${PERCENTILE}) OVER w AS cx
        FROM pv WHERE c${i} WINDOW w AS (ORDER BY xday)
      ) k JOIN pv v ON v.c${i} AND v.xday <= k.day AND ((k.cy > 0 AND v.y${i} > k.cy) OR (k.cx > 0 AND v.x${i} > k.cx))
      GROUP BY v.variant, k.day))`;
}

export async function duckDbExperimentSums(q: DuckDbQuery, query: ExperimentSumsQuery): Promise<ExperimentSums> {
  if (query.metrics.length === 0) throw new RangeError('an experiment has at least its primary metric');
  const params = new Params();
  const moment = (ms: number) => `make_timestamp(${params.add(Math.round(ms))}::BIGINT * 1000)`;
  const last = date(query.lastLookDay);
  const nMin = Math.min(...query.metrics.map((metric: ExperimentMetric) => metric.days));
  // The first exposure by time, then insert_id (a struct compares field by field); mixed when two name different variants.
  const exposures = `x AS MATERIALIZED (
      SELECT uid, first.variant AS variant, first.ts AS xts, lowest <> highest AS mixed FROM (
        SELECT uid, min({'ts': ts, 'insert_id': insert_id, 'variant': variant}) AS first, min(coalesce(variant, '')) AS lowest, max(coalesce(variant, '')) AS highest
        FROM (
          SELECT uid, ts, insert_id, fields[2] AS variant FROM (
            -- Both properties in one parse of the JSON.
            SELECT hash(user_id) AS uid, ts, insert_id, json_extract_string(properties, ['$.experiment', '$.variant']) AS fields FROM ${q.t.events}
            WHERE name = 'experiment_exposure' AND ts >= ${moment(query.startMs)} AND ts < ${moment(query.endMs)}
          ) WHERE fields[1] = ${params.add(query.key)}
        ) GROUP BY uid))`;
  const players = `p AS MATERIALIZED (
      SELECT uid, variant, xts, xts::DATE AS xday FROM x
      WHERE variant IN (${query.variants.map((variant) => params.add(variant)).join(', ')}) AND xts::DATE + ${nMin} <= ${last})`;
  const { sources, columns } = build(params, q, query);
  const joins = sources.map((source) => `LEFT JOIN ${source.slice(0, source.indexOf(' '))} USING (uid)`).join(' ');
  const values = columns.map((column, i) => `(${column.y})::DOUBLE AS y${i}, (${column.x})::DOUBLE AS x${i}, (${column.h})::DOUBLE AS h${i}, (${column.counted}) AS c${i}`);
  const sums = columns.map((_, i) => sumsColumns(i, `c${i}`)).join(', ');
  const byDayFields = columns.map((_, i) => ['n', 'sy', 'syy', 'sh', 'shy', 'sx', 'sxx', 'sxy'].map((f) => `'${f}${i}': ${f}${i}`).join(', ')).join(', ');
  const caps = query.metrics.map((metric, i) => (metric.kind === 'revenue' ? `${capsSql(i)} AS caps${i}` : `NULL AS caps${i}`));
  const [row] = await q.rows(
    `WITH ${exposures}, ${players}, ${sources.join(', ')},
     pv AS MATERIALIZED (SELECT p.uid, p.variant, p.xday, ${values.join(', ')} FROM p ${joins}),
     days AS (SELECT variant, xday::VARCHAR AS day, ${sums} FROM pv GROUP BY variant, xday)
     SELECT
       (SELECT list({'variant': variant, 'players': players, 'mixed': mixed})
        FROM (SELECT variant, count(*)::DOUBLE AS players, count(*) FILTER (WHERE mixed)::DOUBLE AS mixed FROM x GROUP BY variant)) AS exposures,
       (SELECT list({'variant': variant, 'day': day, ${byDayFields}}) FROM days) AS days,
       ${caps.join(', ')}`,
    params,
  );
  return assembleExperimentSums(
    {
      exposures: (row?.exposures as Row[] | null) ?? [],
      days: (row?.days as Row[] | null) ?? [],
      caps: query.metrics.map((_, i) => (row?.[`caps${i}`] as Row[] | null) ?? []),
    },
    query,
  );
}
