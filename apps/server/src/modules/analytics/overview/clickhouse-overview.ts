import type { AnalyticsQuery } from '@questboard/shared/analytics-view';
import type { Overview } from '@questboard/shared/analytics-answers';
import type { ProjectMoney } from '@questboard/shared/money';
import { bucketSql, convertibleSql, date, filterSql, num, rangeSql, withoutRateSql, worthSql, type ClickHouseQuery } from '../clickhouse-sql';
import type { StoreAnswer } from '../store-answer';
import { clickHouseCohortCells } from '../retention/clickhouse-retention';
import { assembleOverview, type OverviewSource } from './overview-assembly';

/** The overview's questions in ClickHouse SQL on the deduplicated events (ADR 033); the cards come from overview-assembly.ts. */
export function clickHouseOverview(q: ClickHouseQuery, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>> {
  return assembleOverview(clickHouseOverviewSource(q), query, today, money);
}

/** The day `days` after a YYYY-MM-DD day. */
const shifted = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const byDay = (rows: Record<string, unknown>[]) => new Map(rows.map((row) => [String(row.d), num(row.n)]));

function clickHouseOverviewSource(q: ClickHouseQuery): OverviewSource {
  return {
    dailyActive: async (view) =>
      byDay(await q.rows(`SELECT toString(day) AS d, uniqExact(user_id) AS n FROM ${q.eventsOn(view)} WHERE ${rangeSql(view)} AND ${filterSql(view)} GROUP BY day`)),

    installs: async (view) =>
      byDay(
        await q.rows(
          `SELECT toString(install_day) AS d, count() AS n FROM ${q.users}
           WHERE ${rangeSql(view, 'install_day')} AND ${filterSql(view)} GROUP BY install_day`,
        ),
      ),

    trailing: async (view, window, targets) => {
      if (targets.length === 0) return new Map();
      const sorted = [...targets].sort();
      // Each matching player-day counts for the targets whose window holds it.
      return byDay(
        await q.rows(
          `SELECT toString(target) AS d, uniqExact(user_id) AS n FROM (
             SELECT user_id, day FROM ${q.eventsOn({ from: shifted(sorted[0] ?? '', 1 - window), to: sorted.at(-1) ?? '' })}
             WHERE ${filterSql(view)}
             GROUP BY user_id, day
           ) ARRAY JOIN [${sorted.map(date).join(', ')}] AS target
           WHERE day <= target AND day > target - ${window} GROUP BY target`,
        ),
      );
    },

    sessions: async (view) => {
      const rows = await q.rows(
        `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, count() AS sessions, sum((end_ms - start_ms) / 1000) AS length
         FROM ${q.sessions} WHERE ${rangeSql(view)} AND ${filterSql(view)} GROUP BY b`,
      );
      return new Map(rows.map((row) => [String(row.b), { sessions: num(row.sessions), length: num(row.length) }]));
    },

    revenue: async (view, money) => {
      const rows = await q.rows(
        `SELECT ${bucketSql('day', view.granularity, view.from)} AS b, sum(${worthSql(money)}) AS revenue FROM ${q.eventsOn(view)}
         WHERE ${convertibleSql(money)} AND ${rangeSql(view)} AND ${filterSql(view)} GROUP BY b`,
      );
      return new Map(rows.map((row) => [String(row.b), num(row.revenue)]));
    },

    retention: async (view, today, days) => {
      const { cells } = await clickHouseCohortCells(q, view, today, 'classic', days);
      return cells.map((cell) => ({ bucket: cell.bucket, n: cell.n, eligible: cell.eligible, retained: cell.value }));
    },

    eventCounts: async (view) => {
      const rows = await q.rows(`SELECT name, count() AS count FROM ${q.eventsOn(view)} WHERE ${rangeSql(view)} AND ${filterSql(view)} GROUP BY name`);
      return rows.map((row) => ({ name: String(row.name), count: num(row.count) }));
    },

    excludedPurchases: async (view, money) => {
      const rows = await q.rows(
        `SELECT assumeNotNull(currency) AS currency, count() AS purchases, sum(assumeNotNull(revenue_amount)) AS amount FROM ${q.eventsOn(view)}
         WHERE ${withoutRateSql(money)} AND ${rangeSql(view)} AND ${filterSql(view)}
         GROUP BY currency ORDER BY purchases DESC, currency`,
      );
      return rows.map((row) => ({ currency: String(row.currency), purchases: num(row.purchases), amount: num(row.amount) }));
    },
  };
}
