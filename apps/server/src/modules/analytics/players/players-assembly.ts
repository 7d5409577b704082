import type { AnalyticsQuery, FilterDimension } from '@questboard/shared/analytics-view';
import type { Players } from '@questboard/shared/analytics-answers';
import { bucketLabels } from '../buckets';
import { DIMENSIONS } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';

// The players page from the figures a store computes: each store answers `PlayersSource` in its own
// SQL (duckdb-players.ts, clickhouse-players.ts) and this turns them into the totals and series,
// so the page's arithmetic (averages, stickiness) is written once.

/** Active players of a bucket (or of the whole range) and those among them installed before it. */
export interface ActivePlayers {
  active: number;
  returning: number;
}

/** Figures by day or by bucket label (the bucket's first day inside the range, ADR 010). */
export interface PlayersSource {
  /** DAU per day of the view (days without users left out). */
  dailyActive(view: AnalyticsQuery): Promise<Map<string, number>>;
  /** New users per install day of the view, their install matching the filters. */
  installs(view: AnalyticsQuery): Promise<Map<string, number>>;
  /** Distinct active users in the `window` days ending on each target day. */
  trailing(view: AnalyticsQuery, window: number, targets: readonly string[]): Promise<Map<string, number>>;
  /**
   * Distinct players active on days matching the filters, per bucket (returning: installed before
   * the bucket's label day) and over the whole range (returning: installed before the range).
   */
  active(view: AnalyticsQuery): Promise<{ buckets: Map<string, ActivePlayers>; total: ActivePlayers }>;
  /** The players of the range by one attribute: the 20 largest values (most users, then value, no value last). */
  breakdown(view: AnalyticsQuery, dimension: FilterDimension): Promise<Players['breakdowns'][FilterDimension]>;
}

/** Rows of each breakdown. */
export const BREAKDOWN_ROWS = 20;

const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);

export async function assemblePlayers(source: PlayersSource, view: AnalyticsQuery): Promise<StoreAnswer<Players>> {
  const buckets = bucketLabels(view);
  const allDays = buckets.flatMap((bucket) => bucket.days);
  const dau = await source.dailyActive(view);
  const installed = await source.installs(view);
  const mau = await source.trailing(view, 30, allDays);
  const wau = await source.trailing(view, 7, buckets.map((bucket) => bucket.last));
  const active = await source.active(view);
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
  for (const dimension of DIMENSIONS) breakdowns[dimension] = await source.breakdown(view, dimension);
  return {
    totals: {
      activeUsers: active.total.active,
      newUsers: sumOver(allDays, installed),
      returningUsers: active.total.returning,
      averageDau,
      stickiness: ratio(averageDau, mau.get(view.to) ?? 0),
    },
    series: buckets.map((b) => ({
      date: b.label,
      dau: sumOver(b.days, dau) / b.days.length,
      wau: wau.get(b.last) ?? 0,
      mau: mau.get(b.last) ?? 0,
      stickiness: stickinessOver(b.days),
      activeUsers: active.buckets.get(b.label)?.active ?? 0,
      newUsers: sumOver(b.days, installed),
      returningUsers: active.buckets.get(b.label)?.returning ?? 0,
    })),
    breakdowns,
  };
}
