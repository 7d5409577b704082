import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Engagement } from '@questboard/shared/analytics-answers';
import { clickHouseDailyActive, clickHouseSessionsByBucket } from '../clickhouse-activity';
import { filterSql, num, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { numOrNull } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assembleEngagement, lengthBucketConditions, type SessionLengths } from './engagement-assembly';

/** The engagement page's questions in ClickHouse SQL on the deduplicated events (ADR 033); totals and series from engagement-assembly.ts. */
export function clickHouseEngagement(q: ClickHouseQuery, view: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
  return assembleEngagement(
    {
      dailyActive: (range) => clickHouseDailyActive(q, range),
      sessions: (range) => clickHouseSessionsByBucket(q, range),
      lengths: (range) => sessionLengths(q, range),
    },
    view,
  );
}

/**
 * The view's sessions' lengths. The median is the middle of the sorted lengths, or the mean of the
 * two middle ones (as DuckDB's `median`): ClickHouse's `median` is an estimate and its
 * `quantileExact` does not interpolate.
 */
async function sessionLengths(q: ClickHouseQuery, view: AnalyticsQuery): Promise<SessionLengths> {
  const counts = lengthBucketConditions.map((condition, index) => `countIf(${condition}) AS c${index}`).join(', ');
  const [row] = await q.rows(
    `SELECT n AS sessions, if(n = 0, NULL, total / n) AS average,
       if(n = 0, NULL, if(n % 2 = 1, sorted[intDiv(n, 2) + 1], (sorted[intDiv(n, 2)] + sorted[intDiv(n, 2) + 1]) / 2)) AS median, ${lengthBucketConditions
         .map((_, index) => `c${index}`)
         .join(', ')}
     FROM (
       SELECT count() AS n, sum(length) AS total, arraySort(groupArray(length)) AS sorted, ${counts}
       FROM (SELECT (end_ms - start_ms) / 1000 AS length FROM ${q.sessions} WHERE ${rangeSql(view)} AND ${filterSql(view)})
     )`,
  );
  return {
    sessions: num(row?.sessions),
    average: numOrNull(row?.average),
    median: numOrNull(row?.median),
    counts: lengthBucketConditions.map((_, index) => num(row?.[`c${index}`])),
  };
}
