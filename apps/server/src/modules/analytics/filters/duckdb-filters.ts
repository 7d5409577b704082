import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { FilterOptions } from '@questboard/shared/analytics-answers';
import { DIMENSIONS, rangeSql, type DuckDbQuery } from '../duckdb-sql';

const FILTER_OPTIONS = 100;

export async function duckDbFilterOptions(q: DuckDbQuery, view: AnalyticsQuery): Promise<FilterOptions> {
  const options = {} as FilterOptions;
  for (const dimension of DIMENSIONS) {
    const rows = await q.rows(
      `SELECT ${dimension} AS value FROM ${q.t.userDays} WHERE ${rangeSql(view)} AND ${dimension} IS NOT NULL
       GROUP BY ${dimension} ORDER BY sum(events) DESC, ${dimension} LIMIT ${FILTER_OPTIONS}`,
    );
    options[dimension] = rows.map((row) => String(row.value));
  }
  return options;
}
