import { RETENTION_DAYS, type AnalyticsQuery, type RetentionQuery } from '@questboard/shared/analytics-view';
import type { CohortRow } from '@questboard/shared/analytics-answer-parts';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';
import { bucketLabels } from '../buckets';
import { curveOverOneSet, type InstallDayCells } from '../cohort-curves';

// The cohort pages' arithmetic (the retention page, and the LTV of the revenue page) from the cells
// a store computes: each store answers `CohortCells` in its own SQL (duckdb-retention.ts,
// clickhouse-retention.ts) and this turns them into the rows and the curve (ADR 010 "Curves").

/** One cohort cell: per install bucket and day N, the eligible users (install + N not after today) and the figure. */
export interface CohortCell {
  bucket: string;
  n: number;
  eligible: number;
  /** Users active exactly on day N (classic), on day N or later (rolling), or their revenue up to day N (ltv). */
  value: number;
}

/** Each bucket's cohort size (installs matching the filters) and its cells. */
export interface CohortCells {
  sizes: Map<string, number>;
  cells: CohortCell[];
}

/** The cells of a view for the given days since install (a store's question). */
export type CohortCellsOf = (view: AnalyticsQuery, days: readonly number[]) => Promise<CohortCells>;

/** Days 0 to 30 since install, the days every cohort row and curve shows. */
export const cohortDays = (): number[] => Array.from({ length: RETENTION_DAYS + 1 }, (_, n) => n);

/**
 * Cohort rows and the all-cohort curve (ADR 010 "Curves"): cells per install day, then each
 * cohort bucket and the whole range follow one set of install days (cohort-curves.ts).
 */
export async function assembleCohorts(
  cellsOf: CohortCellsOf,
  view: AnalyticsQuery,
  today: string,
): Promise<{ cohorts: CohortRow[]; curve: Retention['curve']; curveCohorts: Retention['curveCohorts'] }> {
  const { sizes, cells } = await cellsOf({ ...view, granularity: 'day' }, cohortDays());
  const installDays = new Map<string, InstallDayCells & { values: Map<number, number> }>();
  for (const [day, size] of sizes) installDays.set(day, { day, size, values: new Map() });
  for (const cell of cells) installDays.get(cell.bucket)?.values.set(cell.n, cell.value);
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

/** The retention page from a store's classic or rolling cells. */
export async function assembleRetention(cellsOf: CohortCellsOf, query: RetentionQuery, today: string): Promise<Retention> {
  const { cohorts, curve, curveCohorts } = await assembleCohorts(cellsOf, query, today);
  return { mode: query.mode, cohorts, curve, curveCohorts };
}
