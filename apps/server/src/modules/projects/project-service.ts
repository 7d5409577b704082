import { and, eq } from 'drizzle-orm';
import type { Project, ProjectBody } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import { projects } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { addFirstIngestKey } from '../ingestion/ingestion-api';
import { projectErrors } from './project-errors';
import { identifierCandidates, isIdentifier } from './project-identifier';

export type ProjectRow = typeof projects.$inferSelect;

export function toProject(
  row: Pick<ProjectRow, 'id' | 'name' | 'description' | 'identifier' | 'createdAt' | 'updatedAt'>,
): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    identifier: row.identifier,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// Every query names the organisation: a project of another organisation is simply not there.

export async function getProject(db: Db, organisationId: string, id: string): Promise<Project> {
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.organisationId, organisationId), eq(projects.id, id)))
    .limit(1);
  if (!row) throw projectErrors.notFound();
  return toProject(row);
}

/** The project scope's lookup (plugins/project-scope.ts): the project if it is in this organisation. */
export async function findProjectInOrganisation(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({ id: projects.id, identifier: projects.identifier, organisationId: projects.organisationId })
    .from(projects)
    .where(and(eq(projects.organisationId, organisationId), eq(projects.id, id)))
    .limit(1);
  return row;
}

export async function getProjectByIdentifier(db: Db, organisationId: string, identifier: string): Promise<Project> {
  // Garbage in the browser address (upper case, control characters) is simply not a project.
  if (!isIdentifier(identifier)) throw projectErrors.notFound();
  const [row] = await db
    .select()
    .from(projects)
    .where(and(eq(projects.organisationId, organisationId), eq(projects.identifier, identifier)))
    .limit(1);
  if (!row) throw projectErrors.notFound();
  return toProject(row);
}

/**
 * Creates a project with an identifier made from its name. Identifiers are unique across the
 * installation: on a collision (also with a concurrent creation) the next candidate is tried.
 */
export async function createProject(db: Db, clock: Clock, organisationId: string, body: ProjectBody): Promise<Project> {
  const now = clock.now();
  // The project and its first ingestion key are made together or not at all.
  return db.transaction(async (tx) => {
    for (const identifier of identifierCandidates(body.name)) {
      const [row] = await tx
        .insert(projects)
        .values({ organisationId, ...body, identifier, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: projects.identifier })
        .returning();
      if (!row) continue;
      await addFirstIngestKey(tx, row.id, now);
      return toProject(row);
    }
    throw new Error(`no free project identifier for ${JSON.stringify(body.name)}`);
  });
}

/** Renames and redescribes a project; its identifier (the browser address) stays. */
export async function updateProject(
  db: Db,
  clock: Clock,
  organisationId: string,
  id: string,
  body: ProjectBody,
): Promise<Project> {
  const [row] = await db
    .update(projects)
    .set({ name: body.name, description: body.description, updatedAt: clock.now() })
    .where(and(eq(projects.organisationId, organisationId), eq(projects.id, id)))
    .returning();
  if (!row) throw projectErrors.notFound();
  return toProject(row);
}

/** The project's data retention in days (null: every event is kept); the settings page's data section. */
export async function getEventRetention(db: Db, organisationId: string, id: string): Promise<number | null> {
  const [row] = await db
    .select({ eventRetentionDays: projects.eventRetentionDays })
    .from(projects)
    .where(and(eq(projects.organisationId, organisationId), eq(projects.id, id)))
    .limit(1);
  if (!row) throw projectErrors.notFound();
  return row.eventRetentionDays;
}

export async function setEventRetention(db: Db, clock: Clock, organisationId: string, id: string, days: number | null): Promise<void> {
  await db
    .update(projects)
    .set({ eventRetentionDays: days, updatedAt: clock.now() })
    .where(and(eq(projects.organisationId, organisationId), eq(projects.id, id)));
}

/** Deletes a project and, through ON DELETE CASCADE, everything that belongs to it (the route checks the role). */
export async function deleteProject(db: Db, organisationId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(projects)
    .where(and(eq(projects.organisationId, organisationId), eq(projects.id, id)))
    .returning({ id: projects.id });
  if (deleted.length === 0) throw projectErrors.notFound();
}
