import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row describing this installation: created on first start, kept across restarts. Support and
 * the help page identify an installation by it; the restart test proves persistence with it.
 */
export const installation = pgTable(
  'installation',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    instanceId: uuid('instance_id').notNull().defaultRandom(),
    installedAt: timestamp('installed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('installation_singleton', sql`${table.singleton}`)],
);
