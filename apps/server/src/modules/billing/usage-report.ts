import { utcMonth, type Usage } from '@questboard/shared/billing';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { EventStore } from '../events/event-store';
import { billedProjects, monthlyEventQuota } from './billing-store';

const dayMs = 86_400_000;
const seriesDays = 30;

/** The billing page's figures: this month's usage per project and in all, and 30 days of events. */
export async function usageReport(db: Db, clock: Clock, events: EventStore, organisationId: string): Promise<Usage> {
  const now = clock.now();
  const { start, next } = utcMonth(now);
  const today = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
  const from = new Date(today.getTime() - (seriesDays - 1) * dayMs);
  const [quota, rows] = await Promise.all([monthlyEventQuota(db, organisationId), billedProjects(db, organisationId)]);
  const windowStart = new Date(Math.min(from.getTime(), start.getTime()));
  const [usages, sizeBytes] = await Promise.all([Promise.all(rows.map((row) => events.usage(row.id, { from: windowStart, monthStart: start }))), events.sizeBytes()]);
  const storedTotal = usages.reduce((sum, usage) => sum + usage.storedEvents, 0);
  const todayKey = today.toISOString().slice(0, 10);
  const perDay = new Map<string, number>();
  const projectFigures = rows.map((row, index) => {
    const usage = usages[index] ?? { storedEvents: 0, eventsThisMonth: 0, monthlyActivePlayers: 0, daily: [] };
    for (const { day, events: count } of usage.daily) perDay.set(day, (perDay.get(day) ?? 0) + count);
    return {
      ...row,
      eventsToday: usage.daily.find((entry) => entry.day === todayKey)?.events ?? 0,
      eventsThisMonth: usage.eventsThisMonth,
      monthlyActivePlayers: usage.monthlyActivePlayers,
      storedEvents: usage.storedEvents,
      // DuckDB keeps one file for all projects: each gets its share by stored events.
      storageBytes: storedTotal === 0 ? 0 : Math.round((sizeBytes * usage.storedEvents) / storedTotal),
    };
  });
  const sum = (field: 'eventsToday' | 'eventsThisMonth' | 'monthlyActivePlayers' | 'storedEvents') =>
    projectFigures.reduce((total, project) => total + project[field], 0);
  return {
    monthStart: start.toISOString(),
    nextMonthStart: next.toISOString(),
    monthlyEventQuota: quota,
    organisation: {
      eventsToday: sum('eventsToday'),
      eventsThisMonth: sum('eventsThisMonth'),
      monthlyActivePlayers: sum('monthlyActivePlayers'),
      storedEvents: sum('storedEvents'),
      storageBytes: storedTotal === 0 ? 0 : sizeBytes,
    },
    projects: projectFigures,
    daily: Array.from({ length: seriesDays }, (_, index) => {
      const day = new Date(from.getTime() + index * dayMs).toISOString().slice(0, 10);
      return { day, events: perDay.get(day) ?? 0 };
    }),
  };
}
