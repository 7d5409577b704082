import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import {
  EXPLORE_MAX_SERIES,
  PLAYER_EVENTS_LIMIT,
  PLAYER_SESSIONS_LIMIT,
  RETENTION_DAYS,
  REVENUE_PROPERTY,
  overviewRanges,
  sessionLengthBuckets,
  type AnalyticsFilters,
  type AnalyticsQuery,
  type CohortRow,
  type Engagement,
  type EventCatalogue,
  type Explore,
  type ExploreQuery,
  type FilterDimension,
  type FilterOptions,
  type Granularity,
  type Overview,
  type Player,
  type Players,
  type Retention,
  type RetentionQuery,
  type Revenue,
  type SeriesPoint,
} from '@questboard/shared/analytics';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import type { ProjectMetrics, StoreAnswer } from '../analytics/project-metrics';
import { bucketLabels, type View } from '../analytics/buckets';
import { curveOverOneSet, type InstallDayCells } from '../analytics/cohort-curves';
import { refreshRollups, rollupTables, type RollupTables } from './duckdb-rollups';
import { toStoredEvent } from './event-table';

// The analytics figures of ADR 010, computed by DuckDB from the rollups (activity, sessions,
// installs) and, for the explorer, the event list and a player's timeline, from the events. The
// JavaScript here only assembles answers: it puts SQL results into the buckets of the range.

type Row = Record<string, unknown>;
const DIMENSIONS: readonly FilterDimension[] = ['platform', 'country', 'app_version'];
const TOP_EVENTS = 10;
const TOP_PRODUCTS = 10;
const BREAKDOWN_ROWS = 20;
const FILTER_OPTIONS = 100;
const PROPERTY_KEYS = 50;

/** Positional parameters for one statement. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A checked YYYY-MM-DD as a SQL date literal. */
function date(day: string): string {
  if (!dayPattern.test(day)) throw new Error(`not a day: ${JSON.stringify(day)}`);
  return `DATE '${day}'`;
}

/** SQL for the view's filters on columns with the given prefix ('' or 'ud.'); 'true' when none. */
function filterSql(params: Params, filters: AnalyticsFilters, prefix = ''): string {
  const parts: string[] = [];
  for (const dimension of DIMENSIONS) {
    const values = filters[dimension];
    if (values.length > 0) parts.push(`${prefix}${dimension} IN (${values.map((value) => params.add(value)).join(', ')})`);
  }
  return parts.length > 0 ? parts.join(' AND ') : 'true';
}

/**
 * The project's rates as a relation (currency, rate), the reporting currency at 1 (ADR 011): a
 * purchase joins it to convert, and one whose currency is not in it is left out.
 */
function ratesSql(params: Params, money: ProjectMoney): string {
  const rows = [[money.currency, 1], ...Object.entries(money.rates).filter(([code]) => code !== money.currency)];
  return `(SELECT * FROM (VALUES ${rows.map(([code, rate]) => `(${params.add(code)}::VARCHAR, ${params.add(rate)}::DOUBLE)`).join(', ')}) AS rates(currency, rate))`;
}

/** The label of the bucket holding `day` (ADR 010: its first day inside the range). */
function bucketSql(dayExpression: string, granularity: Granularity, from: string): string {
  if (granularity === 'day') return `(${dayExpression})::VARCHAR`;
  return `greatest(date_trunc('${granularity}', ${dayExpression})::DATE, ${date(from)})::VARCHAR`;
}

const unfiltered = (view: AnalyticsFilters) => DIMENSIONS.every((dimension) => view[dimension].length === 0);
const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);
const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
const iso = (ms: unknown): string => new Date(Number(ms)).toISOString();

/** Rows keyed by their `b` (bucket) column. */
function byBucket(rows: Row[]): Map<string, Row> {
  return new Map(rows.map((row) => [String(row.b), row]));
}

export class DuckDbMetrics implements ProjectMetrics {
  private readonly refreshing = new Map<string, Promise<void>>();

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly ensureTable: (projectId: string) => Promise<void>,
  ) {}

  /** A connection on up-to-date rollups of the project. */
  private async withRollups<T>(projectId: string, work: (q: Query) => Promise<T>): Promise<T> {
    const tables = rollupTables(projectId);
    await this.ensureTable(projectId);
    const connection = await this.instance.connect();
    try {
      await this.refresh(projectId, connection);
      return await work(new Query(connection, tables));
    } finally {
      connection.closeSync();
    }
  }

  private async refresh(projectId: string, connection: DuckDBConnection) {
    // One refresh per project at a time: a query arriving during one waits, then looks again.
    for (let pending = this.refreshing.get(projectId); pending; pending = this.refreshing.get(projectId)) {
      await pending.catch(() => undefined);
    }
    const refresh = refreshRollups(connection, projectId);
    this.refreshing.set(projectId, refresh);
    try {
      await refresh;
    } finally {
      this.refreshing.delete(projectId);
    }
  }

  overview(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>> {
    return this.withRollups(projectId, async (q) => {
      // The series cover the range; the cards its complete days, against as many days before them.
      const { cardRange, previousRange } = overviewRanges(query, today);
      const current = await q.overviewFigures(query, today, money);
      const figures = cardRange.to === query.to ? current : await q.overviewFigures({ ...query, ...cardRange }, today, money, false);
      const before = previousRange ? await q.overviewFigures({ ...query, ...previousRange }, today, money, false) : null;
      const events = await q.topEvents(query);
      return {
        range: { from: query.from, to: query.to },
        cardRange,
        previousRange,
        currency: money.currency,
        excludedPurchases: await q.excludedPurchases(query, money),
        cards: current.map((card, index) => ({
          key: card.key,
          value: figures[index]?.value ?? null,
          previous: before?.[index]?.value ?? null,
          series: card.series,
        })),
        totalEvents: events.total,
        topEvents: events.top,
      };
    });
  }

  players(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Players>> {
    return this.withRollups(projectId, (q) => q.players(query));
  }

  player(projectId: string, userId: string, money: ProjectMoney): Promise<Player | null> {
    return this.withRollups(projectId, (q) => q.player(userId, money));
  }

  revenue(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>> {
    return this.withRollups(projectId, (q) => q.revenue(query, today, money));
  }

  retention(projectId: string, query: RetentionQuery, today: string): Promise<Retention> {
    return this.withRollups(projectId, async (q) => {
      const { cohorts, curve, curveCohorts } = await q.cohorts(query, today, query.mode);
      return { mode: query.mode, cohorts, curve, curveCohorts };
    });
  }

  engagement(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
    return this.withRollups(projectId, (q) => q.engagement(query));
  }

  explore(projectId: string, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
    return this.withRollups(projectId, (q) => q.explore(query, money));
  }

  eventCatalogue(projectId: string, query: AnalyticsQuery): Promise<EventCatalogue> {
    return this.withRollups(projectId, (q) => q.catalogue(query));
  }

  filterOptions(projectId: string, query: AnalyticsQuery): Promise<FilterOptions> {
    return this.withRollups(projectId, (q) => q.filterOptions(query));
  }
}

/** The queries of one request, on one connection. */
class Query {
  constructor(
    private readonly connection: DuckDBConnection,
    private readonly t: RollupTables,
  ) {}

  private async rows(sql: string, params?: Params): Promise<Row[]> {
    const reader = await this.connection.runAndReadAll(sql, (params?.values ?? []) as never);
    return reader.getRowObjectsJS();
  }

  private range(view: View, column = 'day'): string {
    return `${column} BETWEEN ${date(view.from)} AND ${date(view.to)}`;
  }

  /** Events whose time falls in the view's days (bounds on ts itself, so zone maps apply). */
  private eventRange(view: View): string {
    return `ts >= ${date(view.from)} AND ts < ${date(view.to)} + 1`;
  }

  /** DAU per day of the range (days without users left out). */
  async dailyActive(view: AnalyticsQuery): Promise<Map<string, number>> {
    const params = new Params();
    const rows = await this.rows(
      unfiltered(view)
        ? `SELECT day::VARCHAR AS d, count(*)::DOUBLE AS n FROM ${this.t.activeDays} WHERE ${this.range(view)} GROUP BY day`
        : `SELECT day::VARCHAR AS d, count(DISTINCT uid)::DOUBLE AS n FROM ${this.t.userDays}
           WHERE ${this.range(view)} AND ${filterSql(params, view)} GROUP BY day`,
      params,
    );
    return new Map(rows.map((row) => [String(row.d), num(row.n)]));
  }

  /**
   * Distinct active users in the `window` days ending on each target day (WAU: 7, MAU: 30). A user
   * counts for the days from each of their active days until the window closes or their next active
   * day comes, so the spans of one user never overlap: the figure on a day is the number of spans
   * covering it, a running sum of span starts minus span ends. Unfiltered, the next active day is in
   * the active-days rollup; filtered, it is found among the matching days.
   */
  async trailing(view: AnalyticsQuery, window: number, targets: readonly string[]): Promise<Map<string, number>> {
    if (targets.length === 0) return new Map();
    const sorted = [...targets].sort();
    const params = new Params();
    const lower = `${date(sorted[0] ?? '')} - ${window - 1}`;
    const upper = date(sorted.at(-1) ?? '');
    const spans = unfiltered(view)
      ? `SELECT day, least(day + ${window}, coalesce(next_day, day + ${window})) AS until
         FROM ${this.t.activeDays} WHERE day BETWEEN ${lower} AND ${upper}`
      : `SELECT day, least(day + ${window}, coalesce(lead(day) OVER (PARTITION BY uid ORDER BY day), day + ${window})) AS until
         FROM (SELECT DISTINCT uid, day FROM ${this.t.userDays} WHERE day BETWEEN ${lower} AND ${upper} AND ${filterSql(params, view)})`;
    const rows = await this.rows(
      `WITH spans AS (${spans}),
       deltas AS (SELECT day AS moment, count(*) AS d FROM spans GROUP BY day UNION ALL SELECT until, -count(*) FROM spans GROUP BY until),
       running AS (SELECT moment, sum(sum(d)) OVER (ORDER BY moment) AS n FROM deltas GROUP BY moment),
       targets AS (SELECT unnest([${sorted.map(date).join(', ')}]) AS target)
       SELECT target::VARCHAR AS d, coalesce(n, 0)::DOUBLE AS n FROM targets ASOF LEFT JOIN running ON target >= moment`,
      params,
    );
    return new Map(rows.map((row) => [String(row.d), num(row.n)]));
  }

  /** New users per install day of the range (installs matching the filters). */
  async installs(view: AnalyticsQuery): Promise<Map<string, number>> {
    const params = new Params();
    const rows = await this.rows(
      `SELECT install_day::VARCHAR AS d, count(*)::DOUBLE AS n FROM ${this.t.users}
       WHERE ${this.range(view, 'install_day')} AND ${filterSql(params, view)} GROUP BY install_day`,
      params,
    );
    return new Map(rows.map((row) => [String(row.d), num(row.n)]));
  }

  /** Sessions per bucket: count and summed length. */
  private async sessionsByBucket(view: AnalyticsQuery): Promise<Map<string, Row>> {
    const params = new Params();
    return byBucket(
      await this.rows(
        `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, count(*)::DOUBLE AS sessions, sum(length)::DOUBLE AS length
         FROM ${this.t.sessions} WHERE ${this.range(view)} AND ${filterSql(params, view)} GROUP BY b`,
        params,
      ),
    );
  }

  /** The purchases rollup converted to the reporting currency; purchases without a rate drop out of the join. */
  private converted(params: Params, money: ProjectMoney): string {
    return `(SELECT p.day, p.uid, p.platform, p.country, p.app_version, p.amount * r.rate AS revenue, p.transactions
      FROM ${this.t.purchases} p JOIN ${ratesSql(params, money)} r ON r.currency = p.currency)`;
  }

  /** Revenue per bucket, in the reporting currency. */
  private async revenueSums(view: AnalyticsQuery, money: ProjectMoney): Promise<Map<string, Row>> {
    const params = new Params();
    return byBucket(
      await this.rows(
        `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, sum(revenue)::DOUBLE AS revenue FROM ${this.converted(params, money)}
         WHERE ${this.range(view)} AND ${filterSql(params, view)} GROUP BY b`,
        params,
      ),
    );
  }

  /**
   * Revenue, transactions and paying users (counted purchases only) and active users per bucket,
   * and for the whole range (b = NULL).
   */
  private async revenueByBucket(view: AnalyticsQuery, money: ProjectMoney): Promise<{ buckets: Map<string, Row>; total: Row | undefined }> {
    const bucket = bucketSql('day', view.granularity, view.from);
    const activeParams = new Params();
    const active = await this.rows(
      `SELECT ${bucket} AS b, count(DISTINCT uid)::DOUBLE AS active FROM ${this.t.userDays}
       WHERE ${this.range(view)} AND ${filterSql(activeParams, view)} GROUP BY GROUPING SETS ((b), ())`,
      activeParams,
    );
    const params = new Params();
    const paid = await this.rows(
      `SELECT ${bucket} AS b, sum(revenue)::DOUBLE AS revenue, sum(transactions)::DOUBLE AS transactions, count(DISTINCT uid)::DOUBLE AS payers
       FROM ${this.converted(params, money)} WHERE ${this.range(view)} AND ${filterSql(params, view)} GROUP BY GROUPING SETS ((b), ())`,
      params,
    );
    const paidOf = new Map(paid.map((row) => [text(row.b), row]));
    const rows = active.map((row) => ({ ...paidOf.get(text(row.b)), ...row }));
    return { buckets: byBucket(rows.filter((row) => row.b !== null)), total: rows.find((row) => row.b === null) };
  }

  /**
   * Purchases of the range in a currency without a rate, per currency, most first: from the
   * purchases rollup, or for one event name (the explorer) from the events.
   */
  async excludedPurchases(view: AnalyticsQuery, money: ProjectMoney, event: string | null = null): Promise<ExcludedPurchases> {
    const params = new Params();
    const withoutRate = `currency NOT IN (SELECT currency FROM ${ratesSql(params, money)})`;
    const rows = await this.rows(
      event === null
        ? `SELECT currency, sum(transactions)::DOUBLE AS purchases, sum(amount)::DOUBLE AS amount FROM ${this.t.purchases}
           WHERE ${this.range(view)} AND ${filterSql(params, view)} AND ${withoutRate}
           GROUP BY currency ORDER BY purchases DESC, currency`
        : `SELECT currency, count(*)::DOUBLE AS purchases, sum(revenue_amount)::DOUBLE AS amount FROM ${this.t.events}
           WHERE ${this.eventRange(view)} AND revenue_amount > 0 AND name = ${params.add(event)} AND ${filterSql(params, view)} AND ${withoutRate}
           GROUP BY currency ORDER BY purchases DESC, currency`,
      params,
    );
    return rows.map((row) => ({ currency: String(row.currency), purchases: num(row.purchases), amount: num(row.amount) }));
  }

  /**
   * Cohort cells: per install bucket and day N (0 to 30, or `days`), the eligible users (install + N
   * not after today) and the figure: users active exactly on day N (classic), on day N or later
   * (rolling), or their revenue up to day N (ltv). Plus each bucket's cohort size.
   */
  private async cohortCells(
    view: AnalyticsQuery,
    today: string,
    kind: 'classic' | 'rolling' | 'ltv',
    days: readonly number[],
    money?: ProjectMoney,
  ): Promise<{ sizes: Map<string, number>; cells: Row[] }> {
    const params = new Params();
    if (kind === 'ltv' && !money) throw new Error('LTV needs the project money');
    const bucket = bucketSql('install_day', view.granularity, view.from);
    const ns = `(SELECT unnest([${days.join(', ')}]) AS n)`;
    const maxN = Math.max(...days);
    const cohort = `SELECT uid, install_day, ${bucket} AS b FROM ${this.t.users}
      WHERE ${this.range(view, 'install_day')} AND ${filterSql(params, view)}`;
    const figure =
      kind === 'classic'
        ? `SELECT c.b, ud.day - c.install_day AS n, count(DISTINCT c.uid)::DOUBLE AS value
           FROM cohort c JOIN ${this.t.userDays} ud ON ud.uid = c.uid
           WHERE ud.day - c.install_day IN (${days.join(', ')}) AND ud.day <= ${date(today)} GROUP BY ALL`
        : kind === 'rolling'
          ? `SELECT b, n, count(*)::DOUBLE AS value FROM (
               SELECT c.b, c.install_day, max(ud.day) - c.install_day AS last_n
               FROM cohort c JOIN ${this.t.userDays} ud ON ud.uid = c.uid WHERE ud.day <= ${date(today)}
               GROUP BY c.uid, c.b, c.install_day
             ), ${ns} WHERE n <= last_n AND install_day + n <= ${date(today)} GROUP BY ALL`
          : `SELECT b, n, sum(revenue)::DOUBLE AS value FROM (
               SELECT c.b, c.install_day, ud.day - c.install_day AS k, sum(ud.revenue) AS revenue
               FROM cohort c JOIN ${money ? this.converted(params, money) : ''} ud ON ud.uid = c.uid
               WHERE ud.day BETWEEN c.install_day AND c.install_day + ${maxN} GROUP BY ALL
             ), ${ns} WHERE n >= k AND install_day + n <= ${date(today)} GROUP BY ALL`;
    const rows = await this.rows(
      `WITH cohort AS (${cohort}),
       eligible AS (SELECT b, n, count(*)::DOUBLE AS eligible FROM cohort, ${ns} WHERE install_day + n <= ${date(today)} GROUP BY ALL),
       figure AS (${figure}),
       sizes AS (SELECT b, count(*)::DOUBLE AS size FROM cohort GROUP BY b)
       SELECT 'cell' AS kind, e.b, e.n::INTEGER AS n, e.eligible, coalesce(f.value, 0)::DOUBLE AS value
         FROM eligible e LEFT JOIN figure f ON f.b = e.b AND f.n = e.n
       UNION ALL SELECT 'size', b, NULL, size, NULL FROM sizes`,
      params,
    );
    return {
      sizes: new Map(rows.filter((row) => row.kind === 'size').map((row) => [String(row.b), num(row.eligible)])),
      cells: rows.filter((row) => row.kind === 'cell'),
    };
  }

  /**
   * Cohort rows and the all-cohort curve (ADR 010 "Curves"): cells per install day, then each
   * cohort bucket and the whole range follow one set of install days (cohort-curves.ts).
   */
  async cohorts(
    view: AnalyticsQuery,
    today: string,
    kind: 'classic' | 'rolling' | 'ltv',
    money?: ProjectMoney,
  ): Promise<{ cohorts: CohortRow[]; curve: Retention['curve']; curveCohorts: Retention['curveCohorts'] }> {
    const days = Array.from({ length: RETENTION_DAYS + 1 }, (_, n) => n);
    const { sizes, cells } = await this.cohortCells({ ...view, granularity: 'day' }, today, kind, days, money);
    const installDays = new Map<string, InstallDayCells & { values: Map<number, number> }>();
    for (const [day, size] of sizes) installDays.set(day, { day, size, values: new Map() });
    for (const cell of cells) installDays.get(String(cell.b))?.values.set(num(cell.n), num(cell.value));
    const cohorts = bucketLabels(view).flatMap((bucket) => {
      const members = bucket.days.flatMap((day) => installDays.get(day) ?? []);
      const size = members.reduce((sum, cohort) => sum + cohort.size, 0);
      return size === 0 ? [] : [{ cohort: bucket.label, size, values: curveOverOneSet(members, today, RETENTION_DAYS).values }];
    });
    const all = curveOverOneSet([...installDays.values()], today, RETENTION_DAYS);
    const users = all.cohorts?.users ?? 0;
    const curve = all.values.map((rate, day) => ({ day, rate, cohortUsers: rate === null ? 0 : users }));
    return { cohorts, curve, curveCohorts: all.cohorts };
  }

  /** The nine overview cards (ADR 010) for a range, each with its series by bucket. */
  async overviewFigures(view: AnalyticsQuery, today: string, money: ProjectMoney, withSeries = true): Promise<{ key: Overview['cards'][number]['key']; value: number | null; series: SeriesPoint[] }[]> {
    const buckets = bucketLabels(view);
    const dau = await this.dailyActive(view);
    const installs = await this.installs(view);
    // The previous range only needs its figures, not their series: MAU on its last day.
    const mau = await this.trailing(view, 30, withSeries ? buckets.map((bucket) => bucket.last) : [view.to]);
    const sessions = await this.sessionsByBucket(view);
    const revenue = await this.revenueSums(view, money);
    const retention = await this.cohortCells(view, today, 'classic', [1, 7]);

    const sumOver = (days: readonly string[], values: Map<string, number>) => days.reduce((sum, day) => sum + (values.get(day) ?? 0), 0);
    const allDays = buckets.flatMap((bucket) => bucket.days);
    const dauSum = sumOver(allDays, dau);
    const retentionOf = (n: number, bucket?: string) => {
      let eligible = 0;
      let retained = 0;
      for (const cell of retention.cells) {
        if (num(cell.n) !== n || (bucket !== undefined && cell.b !== bucket)) continue;
        eligible += num(cell.eligible);
        retained += num(cell.value);
      }
      return ratio(retained, eligible);
    };
    let sessionCount = 0;
    let sessionLength = 0;
    let revenueSum = 0;
    for (const row of sessions.values()) {
      sessionCount += num(row.sessions);
      sessionLength += num(row.length);
    }
    for (const row of revenue.values()) revenueSum += num(row.revenue);

    const series = (value: (bucket: (typeof buckets)[number]) => number | null) => buckets.map((bucket) => ({ date: bucket.label, value: value(bucket) }));
    return [
      { key: 'dau', value: dauSum / allDays.length, series: series((b) => sumOver(b.days, dau) / b.days.length) },
      { key: 'new-users', value: sumOver(allDays, installs), series: series((b) => sumOver(b.days, installs)) },
      { key: 'mau', value: mau.get(view.to) ?? 0, series: series((b) => mau.get(b.last) ?? 0) },
      { key: 'sessions', value: sessionCount, series: series((b) => num(sessions.get(b.label)?.sessions)) },
      {
        key: 'session-length',
        value: ratio(sessionLength, sessionCount),
        series: series((b) => ratio(num(sessions.get(b.label)?.length), num(sessions.get(b.label)?.sessions))),
      },
      { key: 'revenue', value: revenueSum, series: series((b) => num(revenue.get(b.label)?.revenue)) },
      {
        key: 'arpdau',
        value: ratio(revenueSum, dauSum),
        series: series((b) => ratio(num(revenue.get(b.label)?.revenue), sumOver(b.days, dau))),
      },
      { key: 'd1-retention', value: retentionOf(1), series: series((b) => retentionOf(1, b.label)) },
      { key: 'd7-retention', value: retentionOf(7), series: series((b) => retentionOf(7, b.label)) },
    ];
  }

  /** The most frequent event names of the range and its total events. */
  async topEvents(view: AnalyticsQuery): Promise<{ total: number; top: Overview['topEvents'] }> {
    const params = new Params();
    const rows = await this.rows(
      `SELECT name, count(*)::DOUBLE AS count FROM ${this.t.events}
       WHERE ${this.eventRange(view)} AND ${filterSql(params, view)} GROUP BY GROUPING SETS ((name), ())`,
      params,
    );
    const top = rows
      .filter((row) => row.name !== null)
      .sort((a, b) => num(b.count) - num(a.count) || (String(a.name) < String(b.name) ? -1 : 1))
      .slice(0, TOP_EVENTS)
      .map((row) => ({ name: String(row.name), count: num(row.count) }));
    return { total: num(rows.find((row) => row.name === null)?.count), top };
  }

  async players(view: AnalyticsQuery): Promise<StoreAnswer<Players>> {
    const buckets = bucketLabels(view);
    const allDays = buckets.flatMap((bucket) => bucket.days);
    const dau = await this.dailyActive(view);
    const installs = await this.installs(view);
    const mau = await this.trailing(view, 30, allDays);
    const wau = await this.trailing(view, 7, buckets.map((bucket) => bucket.last));
    const params = new Params();
    const bucket = bucketSql('day', view.granularity, view.from);
    // Active days with the user's install day: the rollup itself, or the matching user days.
    const activeDays = unfiltered(view)
      ? this.t.activeDays
      : `(SELECT DISTINCT ud.uid, ud.day, u.install_day FROM ${this.t.userDays} ud JOIN ${this.t.users} u ON u.uid = ud.uid
          WHERE ${this.range(view, 'ud.day')} AND ${filterSql(params, view, 'ud.')})`;
    const active = await this.rows(
      `SELECT ${bucket} AS b, count(DISTINCT uid)::DOUBLE AS active,
         (count(DISTINCT uid) FILTER (WHERE install_day < ${bucket}::DATE))::DOUBLE AS returning,
         (count(DISTINCT uid) FILTER (WHERE install_day < ${date(view.from)}))::DOUBLE AS returning_in_range
       FROM ${activeDays} WHERE ${this.range(view)}
       GROUP BY GROUPING SETS ((b), ())`,
      params,
    );
    const activeBuckets = byBucket(active.filter((row) => row.b !== null));
    const activeTotal = active.find((row) => row.b === null);
    const sumOver = (days: readonly string[], values: Map<string, number>) => days.reduce((sum, day) => sum + (values.get(day) ?? 0), 0);
    const stickinessOver = (days: readonly string[]) => {
      const ratios = days.flatMap((day) => {
        const monthly = mau.get(day) ?? 0;
        return monthly > 0 ? [(dau.get(day) ?? 0) / monthly] : [];
      });
      return ratios.length === 0 ? null : ratios.reduce((sum, value) => sum + value, 0) / ratios.length;
    };
    const averageDau = sumOver(allDays, dau) / allDays.length;
    const breakdowns = {} as Players['breakdowns'];
    for (const dimension of DIMENSIONS) breakdowns[dimension] = await this.breakdown(view, dimension);
    return {
      totals: {
        activeUsers: num(activeTotal?.active),
        newUsers: sumOver(allDays, installs),
        returningUsers: num(activeTotal?.returning_in_range),
        averageDau,
        stickiness: ratio(averageDau, mau.get(view.to) ?? 0),
      },
      series: buckets.map((b) => ({
        date: b.label,
        dau: sumOver(b.days, dau) / b.days.length,
        wau: wau.get(b.last) ?? 0,
        mau: mau.get(b.last) ?? 0,
        stickiness: stickinessOver(b.days),
        activeUsers: num(activeBuckets.get(b.label)?.active),
        newUsers: sumOver(b.days, installs),
        returningUsers: num(activeBuckets.get(b.label)?.returning),
      })),
      breakdowns,
    };
  }

  private async breakdown(view: AnalyticsQuery, dimension: FilterDimension): Promise<Players['breakdowns'][FilterDimension]> {
    const params = new Params();
    const activeFilter = filterSql(params, view);
    const installFilter = filterSql(params, view);
    const rows = await this.rows(
      `WITH active AS (
         SELECT ${dimension} AS value, count(DISTINCT uid)::DOUBLE AS users, sum(events)::DOUBLE AS events
         FROM ${this.t.userDays} WHERE ${this.range(view)} AND ${activeFilter} GROUP BY ${dimension}
       ), installed AS (
         SELECT ${dimension} AS value, count(*)::DOUBLE AS new_users
         FROM ${this.t.users} WHERE ${this.range(view, 'install_day')} AND ${installFilter} GROUP BY ${dimension}
       )
       SELECT a.value, a.users, a.events, coalesce(i.new_users, 0)::DOUBLE AS new_users
       FROM active a LEFT JOIN installed i ON i.value IS NOT DISTINCT FROM a.value
       ORDER BY a.users DESC, a.value NULLS LAST LIMIT ${BREAKDOWN_ROWS}`,
      params,
    );
    return rows.map((row) => ({ value: text(row.value), users: num(row.users), newUsers: num(row.new_users), events: num(row.events) }));
  }

  async player(userId: string, money: ProjectMoney): Promise<Player | null> {
    const user = () => Object.assign(new Params(), { values: [userId] });
    const moneyParams = user();
    // Purchases above 0 by currency: converted when a rate exists, else reported (ADR 011).
    const [profile] = await this.rows(
      `WITH paid AS (
         SELECT currency, count(*)::DOUBLE AS purchases, sum(revenue_amount)::DOUBLE AS amount FROM ${this.t.events}
         WHERE user_id = $1 AND revenue_amount > 0 GROUP BY currency
       ), rates AS ${ratesSql(moneyParams, money)}
       SELECT (SELECT count(*) FROM ${this.t.events} WHERE user_id = $1)::DOUBLE AS events,
         (SELECT epoch_ms(min(ts)) FROM ${this.t.events} WHERE user_id = $1)::DOUBLE AS first,
         (SELECT epoch_ms(max(ts)) FROM ${this.t.events} WHERE user_id = $1)::DOUBLE AS last,
         (SELECT coalesce(sum(p.amount * r.rate), 0) FROM paid p JOIN rates r ON r.currency = p.currency)::DOUBLE AS revenue,
         (SELECT coalesce(sum(p.purchases), 0) FROM paid p JOIN rates r ON r.currency = p.currency)::DOUBLE AS purchases,
         (SELECT list({'currency': currency, 'purchases': purchases, 'amount': amount} ORDER BY purchases DESC, currency)
          FROM paid WHERE currency NOT IN (SELECT currency FROM rates)) AS excluded`,
      moneyParams,
    );
    if (!profile || num(profile.events) === 0) return null;
    const sessions = await this.rows(
      `SELECT session_id, epoch_ms(start_ts)::DOUBLE AS start, epoch_ms(end_ts)::DOUBLE AS "end", events::DOUBLE AS events, length,
         count(*) OVER ()::DOUBLE AS total
       FROM ${this.t.sessions} WHERE uid = hash($1::VARCHAR) ORDER BY start_ts DESC, session_id NULLS LAST LIMIT ${PLAYER_SESSIONS_LIMIT}`,
      user(),
    );
    // Newest first: the reverse of event order (time, then receipt, then insert_id).
    const events = (
      await this.rows(
        `SELECT *, epoch_ms(ts)::DOUBLE AS ts_ms, epoch_ms(received_at)::DOUBLE AS received_ms FROM ${this.t.events}
         WHERE user_id = $1 ORDER BY ts DESC, received_at DESC, insert_id DESC LIMIT ${PLAYER_EVENTS_LIMIT}`,
        user(),
      )
    ).map(toStoredEvent);
    // The player's platform, country and version are those of their latest event (ADR 010).
    const latest = events[0];
    return {
      userId,
      firstSeen: iso(profile.first),
      lastSeen: iso(profile.last),
      events: num(profile.events),
      sessions: num(sessions[0]?.total),
      revenue: num(profile.revenue),
      purchases: num(profile.purchases),
      currency: money.currency,
      excludedPurchases: ((profile.excluded as Row[] | null) ?? []).map((row) => ({
        currency: String(row.currency),
        purchases: num(row.purchases),
        amount: num(row.amount),
      })),
      platform: latest?.platform ?? null,
      country: latest?.country ?? null,
      appVersion: latest?.app_version ?? null,
      demo: latest?.demo ?? false,
      recentSessions: sessions.map((row) => ({
        sessionId: text(row.session_id),
        start: iso(row.start),
        end: iso(row.end),
        events: num(row.events),
        lengthSeconds: num(row.length),
      })),
      recentEvents: events,
    };
  }

  async revenue(view: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>> {
    const buckets = bucketLabels(view);
    const allDays = buckets.flatMap((bucket) => bucket.days);
    const dau = await this.dailyActive(view);
    const { buckets: byB, total } = await this.revenueByBucket(view, money);
    const params = new Params();
    const products = await this.rows(
      `SELECT e.product_id, sum(e.revenue_amount * r.rate)::DOUBLE AS revenue, count(*)::DOUBLE AS transactions,
         count(DISTINCT e.user_id)::DOUBLE AS buyers
       FROM ${this.t.events} e JOIN ${ratesSql(params, money)} r ON r.currency = e.currency
       WHERE ${this.eventRange(view)} AND e.revenue_amount > 0 AND ${filterSql(params, view, 'e.')}
       GROUP BY e.product_id ORDER BY revenue DESC, e.product_id NULLS LAST LIMIT ${TOP_PRODUCTS}`,
      params,
    );
    const ltv = await this.cohorts(view, today, 'ltv', money);
    const sumDau = (days: readonly string[]) => days.reduce((sum, day) => sum + (dau.get(day) ?? 0), 0);
    const revenue = num(total?.revenue);
    const payers = num(total?.payers);
    return {
      currency: money.currency,
      excludedPurchases: await this.excludedPurchases(view, money),
      totals: {
        revenue,
        transactions: num(total?.transactions),
        payingUsers: payers,
        activeUsers: num(total?.active),
        arpdau: ratio(revenue, sumDau(allDays)),
        arppu: ratio(revenue, payers),
        payingConversion: ratio(payers, num(total?.active)),
      },
      series: buckets.map((b) => {
        const row = byB.get(b.label);
        return {
          date: b.label,
          revenue: num(row?.revenue),
          transactions: num(row?.transactions),
          payingUsers: num(row?.payers),
          arpdau: ratio(num(row?.revenue), sumDau(b.days)),
        };
      }),
      topProducts: products.map((row) => ({
        productId: text(row.product_id),
        revenue: num(row.revenue),
        transactions: num(row.transactions),
        buyers: num(row.buyers),
      })),
      ltv: { cohorts: ltv.cohorts, average: ltv.curve.map((point) => point.rate), averageCohorts: ltv.curveCohorts },
    };
  }

  async engagement(view: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
    const buckets = bucketLabels(view);
    const dau = await this.dailyActive(view);
    const sessions = await this.sessionsByBucket(view);
    const params = new Params();
    const cases = sessionLengthBuckets
      .map((bucket, index) => `WHEN length >= ${bucket.min}${bucket.max === null ? '' : ` AND length < ${bucket.max}`} THEN ${index}`)
      .join(' ');
    const [totals] = await this.rows(
      `SELECT count(*)::DOUBLE AS sessions, avg(length)::DOUBLE AS average, median(length)::DOUBLE AS median,
         list(bucket ORDER BY bucket) FILTER (WHERE bucket IS NOT NULL) AS buckets
       FROM (SELECT length, CASE ${cases} END AS bucket FROM ${this.t.sessions} WHERE ${this.range(view)} AND ${filterSql(params, view)})`,
      params,
    );
    const counts = sessionLengthBuckets.map(() => 0);
    for (const index of (totals?.buckets as number[] | null) ?? []) counts[index] = (counts[index] ?? 0) + 1;
    const sumDau = (days: readonly string[]) => days.reduce((sum, day) => sum + (dau.get(day) ?? 0), 0);
    const sessionCount = num(totals?.sessions);
    return {
      totals: {
        sessions: sessionCount,
        averageSessionLength: numOrNull(totals?.average),
        medianSessionLength: numOrNull(totals?.median),
        sessionsPerDau: ratio(sessionCount, sumDau(buckets.flatMap((b) => b.days))),
      },
      series: buckets.map((b) => {
        const row = sessions.get(b.label);
        return {
          date: b.label,
          sessions: num(row?.sessions),
          sessionsPerDau: ratio(num(row?.sessions), sumDau(b.days)),
          averageSessionLength: ratio(num(row?.length), num(row?.sessions)),
        };
      }),
      sessionLength: sessionLengthBuckets.map((bucket, index) => ({
        label: bucket.label,
        minSeconds: bucket.min,
        maxSeconds: bucket.max,
        sessions: counts[index] ?? 0,
      })),
    };
  }

  async explore(query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
    const buckets = bucketLabels(query);
    const key = query.breakdown === 'none' ? 'NULL::VARCHAR' : query.breakdown;
    const rows =
      // All events counted, or their users, by platform, country or version: the user days hold
      // exactly that (events per user, day and attributes), ten times fewer rows than the events.
      query.event === null && (query.measure === 'count' || query.measure === 'users') && query.breakdown !== 'name'
        ? await this.exploreUserDays(query, key)
        : await this.exploreEvents(query, key, money);
    const totals = rows.filter((row) => row.b === null).sort((a, b) => num(b.events) - num(a.events) || compareKeys(text(a.k), text(b.k)));
    const shown = totals.slice(0, EXPLORE_MAX_SERIES);
    const rest = totals.slice(EXPLORE_MAX_SERIES);
    const cells = new Map(rows.filter((row) => row.b !== null).map((row) => [`${String(row.b)}|${String(row.k)}`, numOrNull(row.value)]));
    const empty = query.measure === 'average' ? null : 0;
    const pointsOf = (k: string | null) => buckets.map((b) => ({ date: b.label, value: cells.get(`${b.label}|${String(k)}`) ?? empty }));
    const label = (k: string | null) => (query.breakdown === 'none' ? (query.event ?? 'All events') : (k ?? '(not set)'));
    const series: Explore['series'] = shown.map((row) => ({ key: text(row.k), label: label(text(row.k)), total: numOrNull(row.value), points: pointsOf(text(row.k)) }));
    if (rest.length > 0 && (query.measure === 'count' || query.measure === 'sum')) {
      series.push({
        key: 'Other',
        label: 'Other',
        total: rest.reduce((sum, row) => sum + num(row.value), 0),
        points: buckets.map((b) => ({ date: b.label, value: rest.reduce((sum, row) => sum + (cells.get(`${b.label}|${String(row.k)}`) ?? 0), 0) })),
      });
    }
    if (query.breakdown === 'none' && series.length === 0) {
      series.push({ key: null, label: label(null), total: empty, points: pointsOf(null) });
    }
    // Measuring revenue: in the reporting currency, with what was left out (ADR 011).
    const measuresRevenue = query.property === REVENUE_PROPERTY && (query.measure === 'sum' || query.measure === 'average');
    return {
      series,
      truncated: rest.length > 0,
      currency: measuresRevenue ? money.currency : null,
      excludedPurchases: measuresRevenue ? await this.excludedPurchases(query, money, query.event) : [],
    };
  }

  /** Explorer cells (b, k, value, events) and per-key totals (b NULL) from the events. */
  private exploreEvents(query: ExploreQuery, key: string, money: ProjectMoney): Promise<Row[]> {
    const params = new Params();
    const conditions = [this.eventRange(query), filterSql(params, query)];
    if (query.event !== null) conditions.push(`name = ${params.add(query.event)}`);
    let value = 'NULL';
    let source = this.t.events;
    if (query.property === REVENUE_PROPERTY) {
      // A purchase above 0 converted to the reporting currency; without a rate it has no value.
      source = `(SELECT e.*, r.rate AS rate_ FROM ${this.t.events} e LEFT JOIN ${ratesSql(params, money)} r
        ON r.currency = e.currency AND e.revenue_amount > 0)`;
      value = 'revenue_amount * rate_';
    } else if (query.property !== null) {
      const path = params.add(`$."${query.property}"`);
      value = `CASE WHEN json_type(properties, ${path}) IN ('BIGINT', 'UBIGINT', 'DOUBLE', 'HUGEINT') THEN json_extract(properties, ${path})::DOUBLE END`;
    }
    const measure = { count: 'count(*)', users: 'count(DISTINCT user_id)', sum: 'sum(v)', average: 'avg(v)' }[query.measure];
    return this.rows(
      `SELECT ${bucketSql('ts::DATE', query.granularity, query.from)} AS b, ${key} AS k, (${measure})::DOUBLE AS value, count(*)::DOUBLE AS events
       FROM (SELECT *, ${value} AS v FROM ${source} WHERE ${conditions.join(' AND ')})
       GROUP BY GROUPING SETS ((b, k), (k))`,
      params,
    );
  }

  /** The same cells for every event's count or users, from the user days. */
  private exploreUserDays(query: ExploreQuery, key: string): Promise<Row[]> {
    const params = new Params();
    const measure = query.measure === 'users' ? 'count(DISTINCT uid)' : 'sum(events)';
    return this.rows(
      `SELECT ${bucketSql('day', query.granularity, query.from)} AS b, ${key} AS k, (${measure})::DOUBLE AS value, sum(events)::DOUBLE AS events
       FROM ${this.t.userDays} WHERE ${this.range(query)} AND ${filterSql(params, query)}
       GROUP BY GROUPING SETS ((b, k), (k))`,
      params,
    );
  }

  async catalogue(view: AnalyticsQuery): Promise<EventCatalogue> {
    const params = new Params();
    const where = `${this.eventRange(view)} AND ${filterSql(params, view)}`;
    const rows = await this.rows(
      `WITH names AS (
         SELECT name, count(*)::DOUBLE AS count, count(DISTINCT user_id)::DOUBLE AS users, epoch_ms(max(ts))::DOUBLE AS last
         FROM ${this.t.events} WHERE ${where} GROUP BY name
       ), keys AS (
         SELECT name, list(key ORDER BY key)[1:${PROPERTY_KEYS}] AS keys FROM (
           SELECT DISTINCT name, unnest(json_keys(properties)) AS key FROM ${this.t.events} WHERE ${where} AND properties IS NOT NULL
         ) GROUP BY name
       )
       SELECT n.*, k.keys FROM names n LEFT JOIN keys k USING (name) ORDER BY count DESC, name`,
      params,
    );
    return {
      events: rows.map((row) => ({
        name: String(row.name),
        count: num(row.count),
        users: num(row.users),
        lastSeen: iso(row.last),
        propertyKeys: ((row.keys as string[] | null) ?? []).map(String),
      })),
    };
  }

  async filterOptions(view: AnalyticsQuery): Promise<FilterOptions> {
    const options = {} as FilterOptions;
    for (const dimension of DIMENSIONS) {
      const rows = await this.rows(
        `SELECT ${dimension} AS value FROM ${this.t.userDays} WHERE ${this.range(view)} AND ${dimension} IS NOT NULL
         GROUP BY ${dimension} ORDER BY sum(events) DESC, ${dimension} LIMIT ${FILTER_OPTIONS}`,
      );
      options[dimension] = rows.map((row) => String(row.value));
    }
    return options;
  }
}

function compareKeys(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}
