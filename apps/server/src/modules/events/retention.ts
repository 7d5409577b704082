import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { projects } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { EventStore } from './event-store';

const dayMs = 86_400_000;

export function retentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * dayMs);
}

/** Deletes what every project with a retention keeps too long; answers the events deleted. */
export async function sweepRetention(db: Db, events: EventStore, clock: Clock, organisationId?: string): Promise<number> {
  const rows = await db
    .select({ id: projects.id, days: projects.eventRetentionDays })
    .from(projects)
    .where(organisationId ? and(isNotNull(projects.eventRetentionDays), eq(projects.organisationId, organisationId)) : isNotNull(projects.eventRetentionDays));
  let deleted = 0;
  for (const row of rows) if (row.days !== null) deleted += await events.deleteBefore(row.id, retentionCutoff(clock.now(), row.days));
  return deleted;
}

/** Enforces retention every hour while the server runs (and once at start). */
export function scheduleRetention(db: Db, events: EventStore, clock: Clock, log: (error: unknown) => void): () => void {
  const run = () => void sweepRetention(db, events, clock).catch(log);
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, 3_600_000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
