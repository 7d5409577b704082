import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { FilterOptions } from '@questboard/shared/analytics-answers';
import { rangeSql, type DuckDbQuery } from '../duckdb-sql';
import { assembleFilterOptions, FILTER_OPTIONS } from './filters-assembly';

/** The filter bar's values from the user days rollup. */
export function duckDbFilterOptions(q: DuckDbQuery, view: AnalyticsQuery): Promise<FilterOptions> {
  return assembleFilterOptions(async (range, dimension) => {
    const rows = await q.rows(
      `SELECT ${dimension} AS value FROM ${q.t.userDays} WHERE ${rangeSql(range)} AND ${dimension} IS NOT NULL
       GROUP BY ${dimension} ORDER BY sum(events) DESC, ${dimension} LIMIT ${FILTER_OPTIONS}`,
    );
    return rows.map((row) => String(row.value));
  }, view);
}
