import { and, asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  pageInfo,
  type ProjectPage,
  type ProjectSearchQuery,
  type ProjectSortField,
} from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import { projects } from '../../db/schema';
import { toProject } from './project-service';

const sortColumns: Record<ProjectSortField, SQL | AnyColumn> = {
  // Case-insensitive, matching the projects_organisation_name_idx expression.
  name: sql`lower(${projects.name})`,
  createdAt: projects.createdAt,
  updatedAt: projects.updatedAt,
};

/** `q` as a literal ILIKE pattern: %, _ and \ in it match themselves. */
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (sign) => `\\${sign}`)}%`;
}

function searchCondition(q: string): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(ilike(projects.name, pattern), ilike(projects.description, pattern), ilike(projects.identifier, pattern));
}

/**
 * One page of the organisation's projects, optionally only those whose name, description or
 * identifier contains `q`. Ties are broken by id in the same direction, so pages never overlap
 * and a descending list is the ascending one reversed.
 */
export async function findProjects(
  db: Db,
  organisationId: string,
  { page, size, sort, q }: Omit<ProjectSearchQuery, 'q'> & { q?: string },
): Promise<ProjectPage> {
  const where = and(eq(projects.organisationId, organisationId), searchCondition(q ?? ''));
  const [counted] = await db.select({ value: count() }).from(projects).where(where);
  const totalElements = counted?.value ?? 0;
  const offset = page * size;
  // A page past the end is empty; no query, so no huge OFFSET reaches the database either.
  if (offset >= totalElements) return { _embedded: { projects: [] }, page: pageInfo(totalElements, size, page) };

  const [field, direction] = sort.split(',') as [ProjectSortField, 'asc' | 'desc'];
  const order = direction === 'asc' ? asc : desc;
  const rows = await db
    .select()
    .from(projects)
    .where(where)
    .orderBy(order(sortColumns[field]), order(projects.id))
    .limit(size)
    .offset(offset);
  return { _embedded: { projects: rows.map(toProject) }, page: pageInfo(totalElements, size, page) };
}
