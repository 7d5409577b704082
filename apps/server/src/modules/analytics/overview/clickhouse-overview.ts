import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import { clickHouseDailyActive, clickHouseInstalls, clickHouseSessionsByBucket, clickHouseTrailing } from '../clickhouse-activity';
import { clickHouseExcludedPurchases } from '../clickhouse-purchases';
import { bucketSql, convertibleSql, filterSql, num, worthSql, type ClickHouseQuery } from '../clickhouse-sql';
import type { StoreAnswer } from '../store-answer';
import { clickHouseCohortCells } from '../retention/clickhouse-retention';
import { assembleOverview, type OverviewSource } from './overview-assembly';

/** The overview's questions in ClickHouse SQL on the rollups (ADR 033, 037); the cards come from overview-assembly.ts. */
export function clickHouseOverview(q: ClickHouseQuery, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>> {
  return assembleOverview(clickHouseOverviewSource(q), query, today, money);
}

function clickHouseOverviewSource(q: ClickHouseQuery): OverviewSource {
  return {
    dailyActive: (view) => clickHouseDailyActive(q, view),
    installs: (view) => clickHouseInstalls(q, view),
    trailing: (view, window, targets) => clickHouseTrailing(q, view, window, targets),
    sessions: (view) => clickHouseSessionsByBucket(q, view),

    revenue: async (view, money) => {
      const rows = await q.rows(
        `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, sum(${worthSql(money, 'amount')}) AS revenue FROM ${q.purchases(view)}
         WHERE ${convertibleSql(money, 'amount')} AND ${filterSql(view)} GROUP BY b`,
      );
      return new Map(rows.map((row) => [String(row.b), num(row.revenue)]));
    },

    retention: async (view, today, days) => {
      const { cells } = await clickHouseCohortCells(q, view, today, 'classic', days);
      return cells.map((cell) => ({ bucket: cell.bucket, n: cell.n, eligible: cell.eligible, retained: cell.value }));
    },

    eventCounts: async (view) => {
      const rows = await q.rows(`SELECT name, sum(events) AS count FROM ${q.nameDays(view)} WHERE ${filterSql(view)} GROUP BY name`);
      return rows.map((row) => ({ name: String(row.name), count: num(row.count) }));
    },

    excludedPurchases: (view, money) => clickHouseExcludedPurchases(q, view, money),
  };
}
