import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import { sessionLengthBuckets, type Engagement } from '@questboard/shared/analytics-answers';
import { bucketLabels } from '../buckets';
import type { StoreAnswer } from '../store-answer';

// The engagement page (ADR 010) from the figures a store computes: each store answers the
// questions of `EngagementSource` in its own SQL (duckdb-engagement.ts, clickhouse-engagement.ts)
// and this puts them into the totals, the series and the length distribution.

/** The session lengths of a view: how many, their average and median in seconds, and how many fall in each of `sessionLengthBuckets`. */
export interface SessionLengths {
  sessions: number;
  average: number | null;
  median: number | null;
  /** Sessions per bucket of `sessionLengthBuckets`, in its order. */
  counts: number[];
}

export interface EngagementSource {
  /** DAU per day of the view (days without users left out). */
  dailyActive(view: AnalyticsQuery): Promise<Map<string, number>>;
  /** Sessions per bucket label: their number and summed length in seconds. */
  sessions(view: AnalyticsQuery): Promise<Map<string, { sessions: number; length: number }>>;
  lengths(view: AnalyticsQuery): Promise<SessionLengths>;
}

/** The index in `sessionLengthBuckets` of a length in seconds: min <= length < max. */
export const lengthBucketConditions = sessionLengthBuckets.map(
  (bucket) => `length >= ${bucket.min}${bucket.max === null ? '' : ` AND length < ${bucket.max}`}`,
);

const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);

export async function assembleEngagement(source: EngagementSource, view: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
  const buckets = bucketLabels(view);
  const [dau, sessions, lengths] = await Promise.all([source.dailyActive(view), source.sessions(view), source.lengths(view)]);
  const sumDau = (days: readonly string[]) => days.reduce((sum, day) => sum + (dau.get(day) ?? 0), 0);
  return {
    totals: {
      sessions: lengths.sessions,
      averageSessionLength: lengths.average,
      medianSessionLength: lengths.median,
      sessionsPerDau: ratio(lengths.sessions, sumDau(buckets.flatMap((b) => b.days))),
    },
    series: buckets.map((b) => {
      const row = sessions.get(b.label) ?? { sessions: 0, length: 0 };
      return {
        date: b.label,
        sessions: row.sessions,
        sessionsPerDau: ratio(row.sessions, sumDau(b.days)),
        averageSessionLength: ratio(row.length, row.sessions),
      };
    }),
    sessionLength: sessionLengthBuckets.map((bucket, index) => ({
      label: bucket.label,
      minSeconds: bucket.min,
      maxSeconds: bucket.max,
      sessions: lengths.counts[index] ?? 0,
    })),
  };
}
