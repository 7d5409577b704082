import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Engagement } from '@questboard/shared/analytics-answers';
import { clickHouseDailyActive } from '../clickhouse-activity';
import { bucketSql, filterSql, num, rangeSql, type ClickHouseQuery } from '../clickhouse-sql';
import { numOrNull } from '../duckdb-sql';
import type { StoreAnswer } from '../store-answer';
import { assembleEngagement, lengthBucketConditions, type SessionLengths } from './engagement-assembly';

/** The engagement page's questions in ClickHouse SQL on the deduplicated events (ADR 033); totals and series from engagement-assembly.ts. */
export function clickHouseEngagement(q: ClickHouseQuery, view: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
  // The sessions per bucket and their lengths come from one pass over the sessions relation,
  // which is built from the project's whole history: asked for the same range, it runs once.
  const asked = new Map<AnalyticsQuery, Promise<SessionFigures>>();
  const figures = (range: AnalyticsQuery) => {
    const running = asked.get(range) ?? sessionFigures(q, range);
    asked.set(range, running);
    return running;
  };
  return assembleEngagement(
    {
      dailyActive: (range) => clickHouseDailyActive(q, range),
      sessions: async (range) => (await figures(range)).buckets,
      lengths: async (range) => (await figures(range)).lengths,
    },
    view,
  );
}

interface SessionFigures {
  buckets: Map<string, { sessions: number; length: number }>;
  lengths: SessionLengths;
}

/**
 * The view's sessions per bucket (number and summed length) and over the whole view (number,
 * average, median, distribution): `ARRAY JOIN [b_, '']` counts each session in its bucket's row
 * and in the total row (empty bucket; 18.16 has no GROUPING SETS). The median is the middle of the
 * sorted lengths, or the mean of the two middle ones, as DuckDB's `median`: ClickHouse's `median`
 * is an estimate and its `quantileExact` does not interpolate.
 */
async function sessionFigures(q: ClickHouseQuery, view: AnalyticsQuery): Promise<SessionFigures> {
  const counts = lengthBucketConditions.map((condition, index) => `countIf(${condition}) AS c${index}`).join(', ');
  const rows = await q.rows(
    `SELECT b, n AS sessions, total AS length, if(n = 0, NULL, total / n) AS average,
       if(n = 0 OR b != '', NULL, if(n % 2 = 1, sorted[intDiv(n, 2) + 1], (sorted[intDiv(n, 2)] + sorted[intDiv(n, 2) + 1]) / 2)) AS median,
       ${lengthBucketConditions.map((_, index) => `c${index}`).join(', ')}
     FROM (
       SELECT b, count() AS n, sum(length) AS total, arraySort(groupArrayIf(length, b = '')) AS sorted, ${counts}
       FROM (
         SELECT ${bucketSql('day', view.granularity, view.from)} AS b_, (end_ms - start_ms) / 1000 AS length
         FROM ${q.sessions} WHERE ${rangeSql(view)} AND ${filterSql(view)}
       ) ARRAY JOIN [b_, ''] AS b
       GROUP BY b
     )`,
  );
  const total = rows.find((row) => row.b === '');
  return {
    buckets: new Map(rows.filter((row) => row.b !== '').map((row) => [String(row.b), { sessions: num(row.sessions), length: num(row.length) }])),
    lengths: {
      sessions: num(total?.sessions),
      average: numOrNull(total?.average),
      median: numOrNull(total?.median),
      counts: lengthBucketConditions.map((_, index) => num(total?.[`c${index}`])),
    },
  };
}
