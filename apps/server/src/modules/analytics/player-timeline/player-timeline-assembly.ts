import type { Player } from '@questboard/shared/analytics-player';
import type { ProjectMoney } from '@questboard/shared/money';
import { num, text, type Row } from '../duckdb-sql';
import { toStoredEvent } from '../../events/event-table';

// A player's page (ADR 010) from a store's rows (duckdb-player-timeline.ts,
// clickhouse-player-timeline.ts): the profile, the newest sessions and the newest events. Each store
// only asks its questions, answering in the columns below; the rows become the page here, once.

/** A store's answers for one player, in rows whose columns each method names. */
export interface PlayerSource {
  /**
   * `counts`: one row of the player's `events`, `first` and `last` (epoch milliseconds of the first
   * and latest event), and `revenue` and `purchases` (purchases above 0 with a rate, converted to the
   * reporting currency, ADR 011); missing, or with 0 events, when the project holds no event of the
   * player. `excluded`: purchases above 0 in a currency without a rate (`currency`, `purchases`,
   * `amount`), most first.
   */
  profile(userId: string, money: ProjectMoney): Promise<{ counts: Row | undefined; excluded: readonly Row[] }>;
  /**
   * `recent`: the PLAYER_SESSIONS_LIMIT newest sessions (latest start first, those with a session id
   * first) as `session_id`, `start_ms`, `end_ms` (epoch milliseconds), `events` and `length`
   * (seconds); `total`: how many sessions there are.
   */
  sessions(userId: string): Promise<{ recent: readonly Row[]; total: unknown }>;
  /** The PLAYER_EVENTS_LIMIT newest events, the reverse of event order (time, then receipt, then insert_id), as toStoredEvent reads them. */
  events(userId: string): Promise<readonly Row[]>;
}

export async function assemblePlayer(source: PlayerSource, userId: string, money: ProjectMoney): Promise<Player | null> {
  const { counts, excluded } = await source.profile(userId, money);
  if (!counts || num(counts.events) === 0) return null;
  const [sessions, eventRows] = await Promise.all([source.sessions(userId), source.events(userId)]);
  const events = eventRows.map(toStoredEvent);
  // The player's platform, country and version are those of their latest event (ADR 010).
  const latest = events[0];
  const iso = (ms: unknown) => new Date(num(ms)).toISOString();
  return {
    userId,
    firstSeen: iso(counts.first),
    lastSeen: iso(counts.last),
    events: num(counts.events),
    sessions: num(sessions.total),
    revenue: num(counts.revenue),
    purchases: num(counts.purchases),
    currency: money.currency,
    excludedPurchases: excluded.map((row) => ({ currency: String(row.currency), purchases: num(row.purchases), amount: num(row.amount) })),
    platform: latest?.platform ?? null,
    country: latest?.country ?? null,
    appVersion: latest?.app_version ?? null,
    demo: latest?.demo ?? false,
    recentSessions: sessions.recent.map((row) => ({
      sessionId: text(row.session_id),
      start: iso(row.start_ms),
      end: iso(row.end_ms),
      events: num(row.events),
      lengthSeconds: num(row.length),
    })),
    recentEvents: events,
  };
}
