import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import { dailyActive, installs, sessionsByBucket, trailing } from '../duckdb-activity';
import { convertedSql, excludedPurchases } from '../duckdb-purchases';
import { bucketSql, byBucket, eventRangeSql, filterSql, num, Params, rangeSql, type DuckDbQuery } from '../duckdb-sql';
import { cohortCells } from '../retention/duckdb-retention';
import type { StoreAnswer } from '../store-answer';
import { assembleOverview, type OverviewSource } from './overview-assembly';

/** The overview's questions in DuckDB SQL on the rollups; asked together, they run as one statement (duckdb-statements.ts). */
export function duckDbOverview(q: DuckDbQuery, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>> {
  return assembleOverview(duckDbOverviewSource(q), query, today, money);
}

function duckDbOverviewSource(q: DuckDbQuery): OverviewSource {
  return {
    dailyActive: (view) => dailyActive(q, view),
    installs: (view) => installs(q, view),
    trailing: (view, window, targets) => trailing(q, view, window, targets),
    sessions: async (view) => {
      const rows = await sessionsByBucket(q, view);
      return new Map([...rows].map(([bucket, row]) => [bucket, { sessions: num(row.sessions), length: num(row.length) }]));
    },
    revenue: async (view, money) => {
      const params = new Params();
      const rows = byBucket(
        await q.rows(
          `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, sum(revenue)::DOUBLE AS revenue FROM ${convertedSql(q, params, money)}
           WHERE ${rangeSql(view)} AND ${filterSql(params, view)} GROUP BY b`,
          params,
        ),
      );
      return new Map([...rows].map(([bucket, row]) => [bucket, num(row.revenue)]));
    },
    retention: async (view, today, days) => {
      const { cells } = await cohortCells(q, view, today, 'classic', days);
      return cells.map((cell) => ({ bucket: cell.bucket, n: cell.n, eligible: cell.eligible, retained: cell.value }));
    },
    eventCounts: async (view) => {
      const params = new Params();
      const rows = await q.rows(
        `SELECT name, count(*)::DOUBLE AS count FROM ${q.t.events}
         WHERE ${eventRangeSql(view)} AND ${filterSql(params, view)} GROUP BY name`,
        params,
      );
      return rows.map((row) => ({ name: String(row.name), count: num(row.count) }));
    },
    excludedPurchases: (view, money) => excludedPurchases(q, view, money),
  };
}
