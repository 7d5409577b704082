import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { organisations, projects } from '../../db/schema';

// The billing module's SQL (issue 19: routes validate, authorise and call; the queries live here).

export interface BilledProject {
  id: string;
  name: string;
  identifier: string;
}

/** The organisation's projects, by name, as the billing page lists them. */
export function billedProjects(db: Db, organisationId: string): Promise<BilledProject[]> {
  return db
    .select({ id: projects.id, name: projects.name, identifier: projects.identifier })
    .from(projects)
    .where(eq(projects.organisationId, organisationId))
    .orderBy(asc(projects.name), asc(projects.id));
}

/** The organisation's monthly event quota; null when it has none. */
export async function monthlyEventQuota(db: Db, organisationId: string): Promise<number | null> {
  const [organisation] = await db.select({ quota: organisations.monthlyEventQuota }).from(organisations).where(eq(organisations.id, organisationId));
  return organisation?.quota ?? null;
}

export async function setMonthlyEventQuota(db: Db, organisationId: string, quota: number | null, now: Date): Promise<void> {
  await db.update(organisations).set({ monthlyEventQuota: quota, updatedAt: now }).where(eq(organisations.id, organisationId));
}
