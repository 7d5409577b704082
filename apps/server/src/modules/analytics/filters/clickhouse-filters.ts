import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { FilterOptions } from '@questboard/shared/analytics-answers';
import type { ClickHouseQuery } from '../clickhouse-sql';
import { assembleFilterOptions, FILTER_OPTIONS } from './filters-assembly';

/** The filter bar's values in ClickHouse SQL on the player days of the range (ADR 033, 037). */
export function clickHouseFilterOptions(q: ClickHouseQuery, view: AnalyticsQuery): Promise<FilterOptions> {
  return assembleFilterOptions(async (range, dimension) => {
    const rows = await q.rows(
      `SELECT assumeNotNull(${dimension}) AS value FROM ${q.userDays(range)} WHERE ${dimension} IS NOT NULL
       GROUP BY value ORDER BY sum(events) DESC, value LIMIT ${FILTER_OPTIONS}`,
    );
    return rows.map((row) => String(row.value));
  }, view);
}
