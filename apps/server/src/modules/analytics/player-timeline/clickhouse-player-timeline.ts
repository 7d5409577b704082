import { PLAYER_EVENTS_LIMIT, PLAYER_SESSIONS_LIMIT, type Player } from '@questboard/shared/analytics-player';
import type { ProjectMoney } from '@questboard/shared/money';
import { convertibleSql, withoutRateSql, worthSql, type ClickHouseQuery } from '../clickhouse-sql';
import { assemblePlayer } from './player-timeline-assembly';

/** A player's page in ClickHouse SQL on the player's deduplicated events (ADR 033); put together in player-timeline-assembly.ts. */
export function clickHousePlayer(q: ClickHouseQuery, userId: string, money: ProjectMoney): Promise<Player | null> {
  const events = q.playerEvents(userId);
  return assemblePlayer(
    {
      profile: async () => {
        // Purchases above 0: converted when their currency has a rate, else reported (ADR 011).
        const [[counts], excluded] = await Promise.all([
          q.rows(
            `SELECT count() AS events, min(ts_ms) AS first, max(ts_ms) AS last,
               sumIf(${worthSql(money)}, ${convertibleSql(money)}) AS revenue, countIf(${convertibleSql(money)}) AS purchases
             FROM ${events}`,
          ),
          q.rows(
            `SELECT assumeNotNull(currency) AS currency, count() AS purchases, sum(assumeNotNull(revenue_amount)) AS amount
             FROM ${events} WHERE ${withoutRateSql(money)} GROUP BY currency ORDER BY purchases DESC, currency`,
          ),
        ]);
        return { counts, excluded };
      },
      sessions: async () => {
        const sessions = q.playerSessions(userId);
        const [recent, [total]] = await Promise.all([
          q.rows(
            `SELECT session_id, start_ms, end_ms, events, (end_ms - start_ms) / 1000 AS length FROM ${sessions}
             ORDER BY start_ms DESC, isNull(session_id), session_id LIMIT ${PLAYER_SESSIONS_LIMIT}`,
          ),
          q.rows(`SELECT count() AS total FROM ${sessions}`),
        ]);
        return { recent, total: total?.total };
      },
      // Newest first: the reverse of event order (time, then receipt, then insert_id).
      events: () => q.rows(`SELECT * FROM ${events} ORDER BY ts_ms DESC, received_ms DESC, insert_id DESC LIMIT ${PLAYER_EVENTS_LIMIT}`),
    },
    userId,
    money,
  );
}
