import { and, eq } from 'drizzle-orm';
import { canDeleteProjects, type Project, type ProjectBody } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import { ingestKeys, projects } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { RequestMember } from '../../plugins/membership';
import { DEFAULT_INGEST_KEY_NAME } from '@questboard/shared/developer';
import { newIngestKey } from '../ingestion/ingest-key-store';
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
      await tx.insert(ingestKeys).values(newIngestKey(row.id, DEFAULT_INGEST_KEY_NAME, 'standard', now));
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

/** Deletes a project and, through ON DELETE CASCADE, everything that belongs to it. */
export async function deleteProject(db: Db, member: RequestMember, id: string): Promise<void> {
  if (!canDeleteProjects(member.role)) throw projectErrors.cannotDelete();
  const deleted = await db
    .delete(projects)
    .where(and(eq(projects.organisationId, member.organisationId), eq(projects.id, id)))
    .returning({ id: projects.id });
  if (deleted.length === 0) throw projectErrors.notFound();
}
