import type { Player } from '@questboard/shared/analytics-player';
import type { StoredEvent } from '@questboard/shared/events';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';

// A player's page (ADR 010) from a store's answers (duckdb-player-timeline.ts,
// clickhouse-player-timeline.ts): the profile, the newest sessions and the newest events.

export interface PlayerProfile {
  events: number;
  /** Epoch milliseconds of the first and latest event. */
  first: number;
  last: number;
  /** Purchases above 0 with a rate, converted to the reporting currency (ADR 011). */
  revenue: number;
  purchases: number;
  /** Purchases above 0 in a currency without a rate, most first. */
  excluded: ExcludedPurchases;
}

export interface PlayerSession {
  sessionId: string | null;
  /** Epoch milliseconds. */
  start: number;
  end: number;
  events: number;
  lengthSeconds: number;
}

export interface PlayerSource {
  /** null when the project holds no event of the player. */
  profile(userId: string, money: ProjectMoney): Promise<PlayerProfile | null>;
  /** The PLAYER_SESSIONS_LIMIT newest sessions (latest start first, those with a session id first), and how many there are. */
  sessions(userId: string): Promise<{ recent: PlayerSession[]; total: number }>;
  /** The PLAYER_EVENTS_LIMIT newest events, the reverse of event order (time, then receipt, then insert_id). */
  events(userId: string): Promise<StoredEvent[]>;
}

export async function assemblePlayer(source: PlayerSource, userId: string, money: ProjectMoney): Promise<Player | null> {
  const profile = await source.profile(userId, money);
  if (profile === null) return null;
  const [sessions, events] = await Promise.all([source.sessions(userId), source.events(userId)]);
  // The player's platform, country and version are those of their latest event (ADR 010).
  const latest = events[0];
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    userId,
    firstSeen: iso(profile.first),
    lastSeen: iso(profile.last),
    events: profile.events,
    sessions: sessions.total,
    revenue: profile.revenue,
    purchases: profile.purchases,
    currency: money.currency,
    excludedPurchases: profile.excluded,
    platform: latest?.platform ?? null,
    country: latest?.country ?? null,
    appVersion: latest?.app_version ?? null,
    demo: latest?.demo ?? false,
    recentSessions: sessions.recent.map((session) => ({
      sessionId: session.sessionId,
      start: iso(session.start),
      end: iso(session.end),
      events: session.events,
      lengthSeconds: session.lengthSeconds,
    })),
    recentEvents: events,
  };
}
