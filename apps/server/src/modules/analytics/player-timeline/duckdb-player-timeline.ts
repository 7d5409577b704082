import { PLAYER_EVENTS_LIMIT, PLAYER_SESSIONS_LIMIT, type Player } from '@questboard/shared/analytics-player';
import type { ProjectMoney } from '@questboard/shared/money';
import { Params, ratesSql, type DuckDbQuery, type Row } from '../duckdb-sql';
import { assemblePlayer } from './player-timeline-assembly';

/** A player's page in DuckDB SQL on the events and the sessions rollup; put together in player-timeline-assembly.ts. */
export function duckDbPlayer(q: DuckDbQuery, userId: string, money: ProjectMoney): Promise<Player | null> {
  const user = () => Object.assign(new Params(), { values: [userId] });
  return assemblePlayer(
    {
      profile: async () => {
        const moneyParams = user();
        // Purchases above 0 by currency: converted when a rate exists, else reported (ADR 011).
        const [counts] = await q.rows(
          `WITH paid AS (
             SELECT currency, count(*)::DOUBLE AS purchases, sum(revenue_amount)::DOUBLE AS amount FROM ${q.t.events}
             WHERE user_id = $1 AND revenue_amount > 0 GROUP BY currency
           ), rates AS ${ratesSql(moneyParams, money)}
           SELECT (SELECT count(*) FROM ${q.t.events} WHERE user_id = $1)::DOUBLE AS events,
             (SELECT epoch_ms(min(ts)) FROM ${q.t.events} WHERE user_id = $1)::DOUBLE AS first,
             (SELECT epoch_ms(max(ts)) FROM ${q.t.events} WHERE user_id = $1)::DOUBLE AS last,
             (SELECT coalesce(sum(p.amount * r.rate), 0) FROM paid p JOIN rates r ON r.currency = p.currency)::DOUBLE AS revenue,
             (SELECT coalesce(sum(p.purchases), 0) FROM paid p JOIN rates r ON r.currency = p.currency)::DOUBLE AS purchases,
             (SELECT list({'currency': currency, 'purchases': purchases, 'amount': amount} ORDER BY purchases DESC, currency)
              FROM paid WHERE currency NOT IN (SELECT currency FROM rates)) AS excluded`,
          moneyParams,
        );
        return { counts, excluded: (counts?.excluded as Row[] | null) ?? [] };
      },
      sessions: async () => {
        const recent = await q.rows(
          `SELECT session_id, epoch_ms(start_ts)::DOUBLE AS start_ms, epoch_ms(end_ts)::DOUBLE AS end_ms, events::DOUBLE AS events, length,
             count(*) OVER ()::DOUBLE AS total
           FROM ${q.t.sessions} WHERE uid = hash($1::VARCHAR) ORDER BY start_ts DESC, session_id NULLS LAST LIMIT ${PLAYER_SESSIONS_LIMIT}`,
          user(),
        );
        return { recent, total: recent[0]?.total };
      },
      // Newest first: the reverse of event order (time, then receipt, then insert_id).
      events: () =>
        q.rows(
          `SELECT *, epoch_ms(ts)::DOUBLE AS ts_ms, epoch_ms(received_at)::DOUBLE AS received_ms FROM ${q.t.events}
           WHERE user_id = $1 ORDER BY ts DESC, received_at DESC, insert_id DESC LIMIT ${PLAYER_EVENTS_LIMIT}`,
          user(),
        ),
    },
    userId,
    money,
  );
}
