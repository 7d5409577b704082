import { overviewRanges, type AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { SeriesPoint } from '@questboard/shared/analytics-answer-parts';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import { bucketLabels } from '../buckets';
import type { StoreAnswer } from '../store-answer';

// The overview page (ADR 010) from the figures a store computes: each store answers the questions
// of `OverviewSource` in its own SQL (duckdb-overview.ts, clickhouse-overview.ts) and this turns
// them into the cards, so the page's arithmetic is written once.

const TOP_EVENTS = 10;

/** Figures by day or by bucket label (the bucket's first day inside the range, ADR 010). */
export interface OverviewSource {
  /** DAU per day of the view (days without users left out). */
  dailyActive(view: AnalyticsQuery): Promise<Map<string, number>>;
  /** New users per install day of the view, their install matching the filters. */
  installs(view: AnalyticsQuery): Promise<Map<string, number>>;
  /** Distinct active users in the `window` days ending on each target day. */
  trailing(view: AnalyticsQuery, window: number, targets: readonly string[]): Promise<Map<string, number>>;
  /** Sessions per bucket: their number and summed length in seconds. */
  sessions(view: AnalyticsQuery): Promise<Map<string, { sessions: number; length: number }>>;
  /** Revenue per bucket in the reporting currency. */
  revenue(view: AnalyticsQuery, money: ProjectMoney): Promise<Map<string, number>>;
  /**
   * Classic retention cells of the view's cohorts (installs matching the filters): per install
   * bucket and day N, the users eligible (install + N not after today) and those active on day N.
   */
  retention(view: AnalyticsQuery, today: string, days: readonly number[]): Promise<{ bucket: string; n: number; eligible: number; retained: number }[]>;
  /** The view's events by name. */
  eventCounts(view: AnalyticsQuery): Promise<{ name: string; count: number }[]>;
  excludedPurchases(view: AnalyticsQuery, money: ProjectMoney): Promise<ExcludedPurchases>;
}

const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);

export async function assembleOverview(source: OverviewSource, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>> {
  // The series cover the range; the cards its complete days, against as many days before them.
  const { cardRange, previousRange } = overviewRanges(query, today);
  // Every question at once: a store may answer them together (DuckDB: one statement, issue 20).
  const [current, cards, before, counts, excluded] = await Promise.all([
    overviewFigures(source, query, today, money),
    cardRange.to === query.to ? null : overviewFigures(source, { ...query, ...cardRange }, today, money, false),
    previousRange ? overviewFigures(source, { ...query, ...previousRange }, today, money, false) : null,
    source.eventCounts(query),
    source.excludedPurchases(query, money),
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
    totalEvents: counts.reduce((sum, row) => sum + row.count, 0),
    topEvents: [...counts]
      .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : 1))
      .slice(0, TOP_EVENTS)
      .map((row) => ({ name: row.name, count: row.count })),
  };
}

/** The nine overview cards (ADR 010) for a range, each with its series by bucket. */
async function overviewFigures(source: OverviewSource, view: AnalyticsQuery, today: string, money: ProjectMoney, withSeries = true): Promise<{ key: Overview['cards'][number]['key']; value: number | null; series: SeriesPoint[] }[]> {
  const buckets = bucketLabels(view);
  const [dau, installed, mau, sessions, revenue, retention] = await Promise.all([
    source.dailyActive(view),
    source.installs(view),
    // The previous range only needs its figures, not their series: MAU on its last day.
    source.trailing(view, 30, withSeries ? buckets.map((bucket) => bucket.last) : [view.to]),
    source.sessions(view),
    source.revenue(view, money),
    source.retention(view, today, [1, 7]),
  ]);

  const sumOver = (days: readonly string[], values: Map<string, number>) => days.reduce((sum, day) => sum + (values.get(day) ?? 0), 0);
  const allDays = buckets.flatMap((bucket) => bucket.days);
  const dauSum = sumOver(allDays, dau);
  const retentionOf = (n: number, bucket?: string) => {
    let eligible = 0;
    let retained = 0;
    for (const cell of retention) {
      if (cell.n !== n || (bucket !== undefined && cell.bucket !== bucket)) continue;
      eligible += cell.eligible;
      retained += cell.retained;
    }
    return ratio(retained, eligible);
  };
  let sessionCount = 0;
  let sessionLength = 0;
  let revenueSum = 0;
  for (const row of sessions.values()) {
    sessionCount += row.sessions;
    sessionLength += row.length;
  }
  for (const value of revenue.values()) revenueSum += value;
  const sessionsOf = (label: string) => sessions.get(label) ?? { sessions: 0, length: 0 };

  const series = (value: (bucket: (typeof buckets)[number]) => number | null) => buckets.map((bucket) => ({ date: bucket.label, value: value(bucket) }));
  return [
    { key: 'dau', value: dauSum / allDays.length, series: series((b) => sumOver(b.days, dau) / b.days.length) },
    { key: 'new-users', value: sumOver(allDays, installed), series: series((b) => sumOver(b.days, installed)) },
    { key: 'mau', value: mau.get(view.to) ?? 0, series: series((b) => mau.get(b.last) ?? 0) },
    { key: 'sessions', value: sessionCount, series: series((b) => sessionsOf(b.label).sessions) },
    {
      key: 'session-length',
      value: ratio(sessionLength, sessionCount),
      series: series((b) => ratio(sessionsOf(b.label).length, sessionsOf(b.label).sessions)),
    },
    { key: 'revenue', value: revenueSum, series: series((b) => revenue.get(b.label) ?? 0) },
    {
      key: 'arpdau',
      value: ratio(revenueSum, dauSum),
      series: series((b) => ratio(revenue.get(b.label) ?? 0, sumOver(b.days, dau))),
    },
    { key: 'd1-retention', value: retentionOf(1), series: series((b) => retentionOf(1, b.label)) },
    { key: 'd7-retention', value: retentionOf(7), series: series((b) => retentionOf(7, b.label)) },
  ];
}
