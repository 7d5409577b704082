import {
  FUNNEL_BREAKDOWN_MAX,
  type Funnel,
  type FunnelFilter,
  type FunnelPlayers,
  type FunnelPlayersQuery,
  type FunnelQuery,
  type FunnelStep,
} from '@questboard/shared/analytics-funnels';
import { bucketSql, eventRangeSql, filterSql, iso, num, numOrNull, Params, text, type DuckDbQuery, type Row } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assembleFunnel } from './funnel-assembly';

// A funnel in DuckDB (ADR 027; the counting in funnel-metrics.ts). Every name, property key and value
// the person typed travels as a parameter; only step numbers, generated here, are in the SQL text.
// The events of the steps are read once into `ev`; `p` holds one row per player who entered: the
// entry's breakdown value and the time (epoch ms) each step was reached, NULL when it was not. Both
// are materialised: the answer reads p three times (steps, breakdown, trend).

/** A property's path for the JSON functions: the whole key, dots and spaces included, as one member. */
const jsonPath = (key: string) => `$."${key}"`;

/**
 * The properties the steps' filters read, each read from the JSON once per event as a column of
 * `named` (a filter on a column then costs nothing; the same key read in several steps' filters
 * used to parse each event's JSON once per use).
 */
class PropertyColumns {
  private readonly columns = new Map<string, { name: string; sql: string }>();

  constructor(private readonly params: Params) {}

  /** The property's text (a string as sent, a number as written), NULL when missing. */
  text(key: string): string {
    return this.column(`text ${key}`, (path) => `json_extract_string(properties, ${path})`, key);
  }

  /** The property's value as a number, only when it is a JSON number (a text such as "5" is not). */
  number(key: string): string {
    return this.column(
      `number ${key}`,
      (path) => `(CASE WHEN json_type(properties, ${path}) IN ('UBIGINT', 'BIGINT', 'DOUBLE') THEN json_extract(properties, ${path})::DOUBLE END)`,
      key,
    );
  }

  /** `, <sql> AS c0, …` for the SELECT of the events. */
  selectSql(): string {
    return [...this.columns.values()].map((column) => `, ${column.sql} AS ${column.name}`).join('');
  }

  private column(id: string, sql: (path: string) => string, key: string): string {
    let column = this.columns.get(id);
    if (!column) {
      column = { name: `c${this.columns.size}`, sql: sql(this.params.add(jsonPath(key))) };
      this.columns.set(id, column);
    }
    return column.name;
  }
}

function filterCondition(params: Params, columns: PropertyColumns, filter: FunnelFilter): string {
  switch (filter.operator) {
    case 'eq':
      return `${columns.text(filter.property)} = ${params.add(filter.value)}`;
    case 'neq':
      return `${columns.text(filter.property)} <> ${params.add(filter.value)}`;
    case 'in':
      return `${columns.text(filter.property)} IN (${filter.values.map((item) => params.add(item)).join(', ')})`;
    case 'gt':
      return `${columns.number(filter.property)} > ${params.add(filter.value)}`;
    case 'gte':
      return `${columns.number(filter.property)} >= ${params.add(filter.value)}`;
    case 'lt':
      return `${columns.number(filter.property)} < ${params.add(filter.value)}`;
    case 'lte':
      return `${columns.number(filter.property)} <= ${params.add(filter.value)}`;
  }
}

/**
 * True for an event that matches the step; never NULL. The filters are evaluated for the events of
 * the step's name only (a CASE evaluates its branch for those rows alone): DuckDB may push the
 * condition down into the scan, where a column of `named` becomes its JSON expression again.
 */
function stepCondition(params: Params, columns: PropertyColumns, step: FunnelStep): string {
  const name = `name = ${params.add(step.event)}`;
  if (step.filters.length === 0) return name;
  return `CASE WHEN ${name} THEN coalesce(${step.filters.map((filter) => filterCondition(params, columns, filter)).join(' AND ')}, false) ELSE false END`;
}

function breakdownSql(params: Params, query: FunnelQuery): string {
  if (query.breakdown === 'none') return 'NULL::VARCHAR';
  if (query.breakdown === 'property') return `json_extract_string(properties, ${params.add(jsonPath(query.breakdownProperty ?? ''))})`;
  return query.breakdown;
}

const steps = (query: FunnelQuery) => query.steps.map((_, index) => index + 1);

/**
 * The players of the funnel: `WITH ev AS (…), …, p AS (uid, user_id, k, t1 … tN)`, as the start of
 * a statement; the caller adds what it selects from p.
 */
function playersSql(params: Params, query: FunnelQuery, events: string): string {
  const numbers = steps(query);
  const stepNames = [...new Set(query.steps.map((step) => step.event))];
  const names = stepNames.map((name) => params.add(name));
  const columns = new PropertyColumns(params);
  const flags = query.steps.map((step, index) => `${stepCondition(params, columns, step)} AS s${index + 1}`);
  const key = breakdownSql(params, query);
  const window = `${params.add(query.window * 60_000)}::BIGINT`;
  const anyStep = numbers.map((n) => `s${n}`).join(' OR ');
  // The events of the steps' names with the properties their filters read, then their step flags.
  // One scan: the names' range (least to greatest, as DuckDB orders text: by their UTF-8 bytes) is
  // applied in the scan itself, so the other columns (the JSON above all) are read for those events
  // only; an IN list alone is not (it was one scan per name, each reading every event's name).
  const [low, high] = [...stepNames].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))).filter((_, i, all) => i === 0 || i === all.length - 1);
  const named = `SELECT hash(user_id) AS uid, user_id, insert_id, epoch_ms(ts) AS t, name, ${key} AS k${columns.selectSql()}
      FROM ${events} WHERE ${eventRangeSql(query)} AND ${filterSql(params, query)}
        AND name >= ${params.add(low)} AND name <= ${params.add(high ?? low)} AND name IN (${names.join(', ')})`;
  // No WHERE on the flags, in ev or in the first reference to it (aggregates FILTER instead): DuckDB
  // pushes a filter that every reference to a materialised CTE has into the CTE, and on into the
  // scan of the events, where each use of a property column becomes its JSON expression again
  // (ADR 027: the tutorial funnel parsed each step event's JSON eight times). Events of the names
  // that match no step stay in ev, and every reader asks for a step's flag.
  const ev = `named AS MATERIALIZED (${named}),
    ev AS MATERIALIZED (SELECT uid, user_id, insert_id, t, k, ${flags.join(', ')} FROM named)`;
  const firstOf = (condition: string) =>
    `min(t) FILTER (WHERE ${condition}), arg_min(user_id, (t, insert_id)) FILTER (WHERE ${condition}), arg_min(k, (t, insert_id)) FILTER (WHERE ${condition})`;
  if (query.order === 'any') {
    // Each step's first matching event from the entry on within the window; the Nth time reached is
    // the Nth of those, in time order.
    const firsts = numbers.map((n) => `min(e.t) FILTER (WHERE e.s${n}) AS d${n}`).join(', ');
    const reached = numbers.map((n) => `d[${n}] AS t${n}`).join(', ');
    return `WITH ${ev},
      entry AS (
        SELECT uid, t0, user_id, k FROM (SELECT uid, ${firstOf(anyStep)} FROM ev GROUP BY uid) AS entry(uid, t0, user_id, k) WHERE t0 IS NOT NULL
      ),
      firsts AS (
        SELECT n.uid, any_value(n.user_id) AS user_id, any_value(n.k) AS k, ${firsts}
        FROM entry n JOIN ev e ON e.uid = n.uid AND e.t >= n.t0 AND e.t <= n.t0 + ${window}
        GROUP BY n.uid
      ),
      p AS MATERIALIZED (
        SELECT uid, user_id, k, ${reached}
        FROM (SELECT *, list_sort(list_filter([${numbers.map((n) => `d${n}`).join(', ')}], x -> x IS NOT NULL)) AS d FROM firsts)
      )`;
  }
  // Strict order: step 1 is the entry; each next step the first matching event after the previous
  // step's millisecond, within the window from the entry.
  const chain = numbers.slice(1).map(
    (n) => `f${n} AS (
        SELECT f.uid, f.t1, min(e.t) AS t${n} FROM f${n - 1} f JOIN ev e
          ON e.uid = f.uid AND e.s${n} AND e.t > f.t${n - 1} AND e.t <= f.t1 + ${window}
        GROUP BY f.uid, f.t1
      )`,
  );
  const joins = numbers.slice(1).map((n) => `LEFT JOIN f${n} USING (uid)`).join(' ');
  return `WITH ${ev},
    f1 AS (SELECT uid, t1, user_id, k FROM (SELECT uid, ${firstOf('s1')} FROM ev GROUP BY uid) AS f1(uid, t1, user_id, k) WHERE t1 IS NOT NULL),
    ${chain.join(',\n')},
    p AS MATERIALIZED (SELECT uid, f1.user_id, f1.k, f1.t1, ${numbers.slice(1).map((n) => `f${n}.t${n}`).join(', ')} FROM f1 ${joins})`;
}

export async function duckDbFunnel(q: DuckDbQuery, query: FunnelQuery): Promise<StoreAnswer<Funnel>> {
  const numbers = steps(query);
  const params = new Params();
  const players = playersSql(params, query, q.t.events);
  const stepStats = numbers
    .map((n) => {
      const seconds = `(t${n} - t1) / 1000.0`;
      return `'n${n}': count(t${n})::DOUBLE, 'm${n}': quantile_cont(${seconds}, 0.5)::DOUBLE, 'p${n}': quantile_cont(${seconds}, 0.9)::DOUBLE`;
    })
    .join(', ');
  const counts = numbers.map((n) => `count(t${n})::DOUBLE AS n${n}`).join(', ');
  const sums = numbers.map((n) => `sum(n${n})::DOUBLE`).join(', ');
  const last = numbers.length;
  const bucket = bucketSql('make_timestamp(t1 * 1000)::DATE', query.granularity, query.from);
  const [row] = await q.rows(
    `${players},
     groups AS (
       SELECT k, ${counts}, row_number() OVER (ORDER BY count(t1) DESC, k NULLS LAST) AS r FROM p GROUP BY k
     )
     SELECT
       (SELECT {${stepStats}} FROM p) AS stats,
       (SELECT list({'value': value, 'other': other, 'players': players} ORDER BY other, r)
        FROM (SELECT CASE WHEN r <= ${FUNNEL_BREAKDOWN_MAX} THEN k END AS value, r > ${FUNNEL_BREAKDOWN_MAX} AS other, min(r) AS r, [${sums}] AS players
              FROM groups GROUP BY value, other)) AS breakdown,
       (SELECT list({'date': b, 'entered': entered, 'converted': converted})
        FROM (SELECT ${bucket} AS b, count(*)::DOUBLE AS entered, count(t${last})::DOUBLE AS converted FROM p GROUP BY b)) AS trend`,
    params,
  );
  const stats = (row?.stats ?? {}) as Row;
  return assembleFunnel(
    {
      steps: numbers.map((n) => ({ players: num(stats[`n${n}`]), medianSeconds: numOrNull(stats[`m${n}`]), p90Seconds: numOrNull(stats[`p${n}`]) })),
      breakdown: ((row?.breakdown as Row[] | null) ?? []).map((item) => ({
        value: text(item.value),
        other: item.other === true,
        players: ((item.players as unknown[] | null) ?? []).map(num),
      })),
      trend: ((row?.trend as Row[] | null) ?? []).map((item) => ({ date: String(item.date), entered: num(item.entered), converted: num(item.converted) })),
    },
    query,
  );
}

/** The players who reached step N − 1 and not step N, in order of entry. */
export async function duckDbFunnelPlayers(q: DuckDbQuery, query: FunnelPlayersQuery): Promise<FunnelPlayers> {
  const params = new Params();
  const players = playersSql(params, query, q.t.events);
  const rows = await q.rows(
    `${players}
     SELECT user_id, t1::DOUBLE AS entered, t${query.step - 1}::DOUBLE AS reached, count(*) OVER ()::DOUBLE AS total
     FROM p WHERE t${query.step - 1} IS NOT NULL AND t${query.step} IS NULL
     ORDER BY t1, user_id LIMIT ${params.add(query.limit)} OFFSET ${params.add(query.offset)}`,
    params,
  );
  let total = num(rows[0]?.total);
  if (rows.length === 0 && query.offset > 0) {
    // Past the end: the count still says how many there are.
    const params2 = new Params();
    const [count] = await q.rows(
      `${playersSql(params2, query, q.t.events)} SELECT count(*)::DOUBLE AS total FROM p WHERE t${query.step - 1} IS NOT NULL AND t${query.step} IS NULL`,
      params2,
    );
    total = num(count?.total);
  }
  return {
    total,
    players: rows.map((item) => ({ userId: String(item.user_id), enteredAt: iso(item.entered), lastStepAt: iso(item.reached) })),
  };
}
