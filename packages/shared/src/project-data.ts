import { z } from 'zod';

// A project's data as a whole (issue 9, settings page): how long its events are kept, and
// deleting them all.

export const retentionOptions = [30, 90, 180, 365, 730] as const;
export const retentionMessage = 'Retention must be one of 30, 90, 180, 365 or 730 days, or null to keep every event';

export const dataSettingsSchema = z
  .object({
    eventRetentionDays: z
      .union([z.literal(retentionOptions), z.null()], { error: retentionMessage })
      .describe('events older than this many days are deleted and refused; null keeps them all'),
  })
  .meta({ id: 'DataSettings' });
export type DataSettings = z.infer<typeof dataSettingsSchema>;

export const deletedEventsSchema = z.object({ deletedEvents: z.number().int() }).meta({ id: 'DeletedEvents' });

/** Changing retention and deleting analytics data take data away: owners and admins (like deleting a project). */
export function canManageProjectData(role: 'owner' | 'admin' | 'member'): boolean {
  return role !== 'member';
}
