import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import { sessionLengthBuckets, type Engagement } from '@questboard/shared/analytics-answers';
import { bucketLabels } from '../buckets';
import { dailyActive, sessionsByBucket } from '../duckdb-activity';
import { filterSql, num, numOrNull, Params, rangeSql, ratio, type DuckDbQuery } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';

export async function duckDbEngagement(q: DuckDbQuery, view: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
  const buckets = bucketLabels(view);
  const dau = await dailyActive(q, view);
  const sessions = await sessionsByBucket(q, view);
  const params = new Params();
  const cases = sessionLengthBuckets
    .map((bucket, index) => `WHEN length >= ${bucket.min}${bucket.max === null ? '' : ` AND length < ${bucket.max}`} THEN ${index}`)
    .join(' ');
  const [totals] = await q.rows(
    `SELECT count(*)::DOUBLE AS sessions, avg(length)::DOUBLE AS average, median(length)::DOUBLE AS median,
       list(bucket ORDER BY bucket) FILTER (WHERE bucket IS NOT NULL) AS buckets
     FROM (SELECT length, CASE ${cases} END AS bucket FROM ${q.t.sessions} WHERE ${rangeSql(view)} AND ${filterSql(params, view)})`,
    params,
  );
  const counts = sessionLengthBuckets.map(() => 0);
  for (const index of (totals?.buckets as number[] | null) ?? []) counts[index] = (counts[index] ?? 0) + 1;
  const sumDau = (days: readonly string[]) => days.reduce((sum, day) => sum + (dau.get(day) ?? 0), 0);
  const sessionCount = num(totals?.sessions);
  return {
    totals: {
      sessions: sessionCount,
      averageSessionLength: numOrNull(totals?.average),
      medianSessionLength: numOrNull(totals?.median),
      sessionsPerDau: ratio(sessionCount, sumDau(buckets.flatMap((b) => b.days))),
    },
    series: buckets.map((b) => {
      const row = sessions.get(b.label);
      return {
        date: b.label,
        sessions: num(row?.sessions),
        sessionsPerDau: ratio(num(row?.sessions), sumDau(b.days)),
        averageSessionLength: ratio(num(row?.length), num(row?.sessions)),
      };
    }),
    sessionLength: sessionLengthBuckets.map((bucket, index) => ({
      label: bucket.label,
      minSeconds: bucket.min,
      maxSeconds: bucket.max,
      sessions: counts[index] ?? 0,
    })),
  };
}
