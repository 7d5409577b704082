import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import { sessionLengthBuckets, type Engagement } from '@questboard/shared/analytics-answers';
import { dailyActive, sessionsByBucket } from '../duckdb-activity';
import { filterSql, num, numOrNull, Params, rangeSql, type DuckDbQuery } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assembleEngagement, lengthBucketConditions, type SessionLengths } from './engagement-assembly';

/** The engagement page's questions in DuckDB SQL on the rollups; totals and series from engagement-assembly.ts. */
export function duckDbEngagement(q: DuckDbQuery, view: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
  return assembleEngagement(
    {
      dailyActive: (range) => dailyActive(q, range),
      sessions: async (range) => {
        const rows = await sessionsByBucket(q, range);
        return new Map([...rows].map(([bucket, row]) => [bucket, { sessions: num(row.sessions), length: num(row.length) }]));
      },
      lengths: (range) => sessionLengths(q, range),
    },
    view,
  );
}

async function sessionLengths(q: DuckDbQuery, view: AnalyticsQuery): Promise<SessionLengths> {
  const params = new Params();
  const cases = lengthBucketConditions.map((condition, index) => `WHEN ${condition} THEN ${index}`).join(' ');
  const [totals] = await q.rows(
    `SELECT count(*)::DOUBLE AS sessions, avg(length)::DOUBLE AS average, median(length)::DOUBLE AS median,
       list(bucket ORDER BY bucket) FILTER (WHERE bucket IS NOT NULL) AS buckets
     FROM (SELECT length, CASE ${cases} END AS bucket FROM ${q.t.sessions} WHERE ${rangeSql(view)} AND ${filterSql(params, view)})`,
    params,
  );
  const counts = sessionLengthBuckets.map(() => 0);
  for (const index of (totals?.buckets as number[] | null) ?? []) counts[index] = (counts[index] ?? 0) + 1;
  return { sessions: num(totals?.sessions), average: numOrNull(totals?.average), median: numOrNull(totals?.median), counts };
}
