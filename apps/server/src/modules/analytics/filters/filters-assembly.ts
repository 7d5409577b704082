import type { AnalyticsQuery, FilterDimension } from '@questboard/shared/analytics-view';
import type { FilterOptions } from '@questboard/shared/analytics-answers';
import { DIMENSIONS } from '../duckdb-sql';

// Every page's filter bar (ADR 010) from a store's answers (duckdb-filters.ts,
// clickhouse-filters.ts): per dimension, the values of the range (whatever the view's filters),
// those with the most events first, then in text order, at most FILTER_OPTIONS.

export const FILTER_OPTIONS = 100;

export async function assembleFilterOptions(
  values: (view: AnalyticsQuery, dimension: FilterDimension) => Promise<string[]>,
  view: AnalyticsQuery,
): Promise<FilterOptions> {
  const lists = await Promise.all(DIMENSIONS.map((dimension) => values(view, dimension)));
  const options = {} as FilterOptions;
  for (const [index, dimension] of DIMENSIONS.entries()) options[dimension] = lists[index] ?? [];
  return options;
}
