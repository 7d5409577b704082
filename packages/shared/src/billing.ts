import { z } from 'zod';

// The billing page (issue 9): usage and the monthly event quota. Questboard is self-hosted:
// billing is usage, no payment.

export const QUOTA_MAX = 2_000_000_000;
export const quotaMessage = `The quota must be a whole number of events from 1 to ${QUOTA_MAX.toLocaleString('en')}, or empty for no limit`;

export const quotaBodySchema = z.object({
  monthlyEventQuota: z
    .number({ error: quotaMessage })
    .int({ error: quotaMessage })
    .min(1, { error: quotaMessage })
    .max(QUOTA_MAX, { error: quotaMessage })
    .nullable()
    .describe('events per UTC calendar month for the whole organisation; null: no limit'),
});
export type QuotaBody = z.infer<typeof quotaBodySchema>;

const usageFigures = {
  eventsToday: z.number().int().describe('events received since 00:00 UTC'),
  eventsThisMonth: z.number().int().describe('events received this UTC calendar month (what the quota counts)'),
  monthlyActivePlayers: z.number().int().describe('distinct players with an event this month (per project, summed)'),
  storedEvents: z.number().int(),
  storageBytes: z.number().int().describe("the event store's size on disk, shared out by stored events"),
};

export const usageSchema = z
  .object({
    monthStart: z.iso.datetime(),
    nextMonthStart: z.iso.datetime(),
    monthlyEventQuota: z.number().int().nullable(),
    organisation: z.object(usageFigures),
    projects: z.array(z.object({ id: z.uuid(), name: z.string(), identifier: z.string(), ...usageFigures })),
    /** The organisation's events received per UTC day, the last 30 days, oldest first, days without events as 0. */
    daily: z.array(z.object({ day: z.iso.date(), events: z.number().int() })),
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;

/** The calendar month (UTC) holding `at`, and the next one's start. */
export function utcMonth(at: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const next = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, next };
}

/** The quota decides whether a studio's games may keep sending: owners only. */
export function canSetQuota(role: 'owner' | 'admin' | 'member'): boolean {
  return role === 'owner';
}
