import { overviewRanges, type AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { SeriesPoint } from '@questboard/shared/analytics-answer-parts';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import { bucketLabels } from '../buckets';
import { dailyActive, installs, sessionsByBucket, trailing } from '../duckdb-activity';
import { convertedSql, excludedPurchases } from '../duckdb-purchases';
import { bucketSql, byBucket, eventRangeSql, filterSql, num, Params, rangeSql, ratio, type DuckDbQuery, type Row } from '../duckdb-sql';
import { cohortCells } from '../retention/duckdb-retention';
import type { StoreAnswer } from '../store-answer';

const TOP_EVENTS = 10;

export async function duckDbOverview(q: DuckDbQuery, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>> {
  // The series cover the range; the cards its complete days, against as many days before them.
  const { cardRange, previousRange } = overviewRanges(query, today);
  // Every query at once: DuckDB gets them as one statement (issue 20, duckdb-statements.ts).
  const [current, cards, before, events, excluded] = await Promise.all([
    overviewFigures(q, query, today, money),
    cardRange.to === query.to ? null : overviewFigures(q, { ...query, ...cardRange }, today, money, false),
    previousRange ? overviewFigures(q, { ...query, ...previousRange }, today, money, false) : null,
    topEvents(q, query),
    excludedPurchases(q, query, money),
  ]);
  const figures = cards ?? current;
  return {
    range: { from: query.from, to: query.to },
    cardRange,
    previousRange,
    currency: money.currency,
    excludedPurchases: excluded,
    cards: current.map((card, index) => ({
      key: card.key,
      value: figures[index]?.value ?? null,
      previous: before?.[index]?.value ?? null,
      series: card.series,
    })),
    totalEvents: events.total,
    topEvents: events.top,
  };
}

/** Revenue per bucket, in the reporting currency. */
async function revenueSums(q: DuckDbQuery, view: AnalyticsQuery, money: ProjectMoney): Promise<Map<string, Row>> {
  const params = new Params();
  return byBucket(
    await q.rows(
      `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, sum(revenue)::DOUBLE AS revenue FROM ${convertedSql(q, params, money)}
       WHERE ${rangeSql(view)} AND ${filterSql(params, view)} GROUP BY b`,
      params,
    ),
  );
}

/** The nine overview cards (ADR 010) for a range, each with its series by bucket. */
async function overviewFigures(q: DuckDbQuery, view: AnalyticsQuery, today: string, money: ProjectMoney, withSeries = true): Promise<{ key: Overview['cards'][number]['key']; value: number | null; series: SeriesPoint[] }[]> {
  const buckets = bucketLabels(view);
  const [dau, installed, mau, sessions, revenue, retention] = await Promise.all([
    dailyActive(q, view),
    installs(q, view),
    // The previous range only needs its figures, not their series: MAU on its last day.
    trailing(q, view, 30, withSeries ? buckets.map((bucket) => bucket.last) : [view.to]),
    sessionsByBucket(q, view),
    revenueSums(q, view, money),
    cohortCells(q, view, today, 'classic', [1, 7]),
  ]);

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
    { key: 'new-users', value: sumOver(allDays, installed), series: series((b) => sumOver(b.days, installed)) },
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
async function topEvents(q: DuckDbQuery, view: AnalyticsQuery): Promise<{ total: number; top: Overview['topEvents'] }> {
  const params = new Params();
  const rows = await q.rows(
    `SELECT name, count(*)::DOUBLE AS count FROM ${q.t.events}
     WHERE ${eventRangeSql(view)} AND ${filterSql(params, view)} GROUP BY GROUPING SETS ((name), ())`,
    params,
  );
  const top = rows
    .filter((row) => row.name !== null)
    .sort((a, b) => num(b.count) - num(a.count) || (String(a.name) < String(b.name) ? -1 : 1))
    .slice(0, TOP_EVENTS)
    .map((row) => ({ name: String(row.name), count: num(row.count) }));
  return { total: num(rows.find((row) => row.name === null)?.count), top };
}
