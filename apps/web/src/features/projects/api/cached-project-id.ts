// The id of a project in the cache of projects last opened (project-cache.ts), read without zod: a
// returning visitor's first page sends its calls with it while the app is still loading, before the
// schemas that project-cache.ts checks entries with (ADR 024, amendment 4). Same entries, same
// 24-hour rule; what it answers is only ever a path segment the server checks.
import { isFreshCache, projectsCacheKey, readCache } from '../../../lib/session/account-cache';
import { safeStorage } from '../../../lib/session/auth-storage';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The organisation's project `identifier`'s id if cached within 24 hours, else null. */
export function cachedProjectId(organisationId: string, identifier: string, now = Date.now()): string | null {
  const entries = readCache(safeStorage.get(projectsCacheKey), now);
  if (!Array.isArray(entries)) return null;
  for (const entry of entries as unknown[]) {
    if (!isRecord(entry) || !isRecord(entry.project) || entry.organisationId !== organisationId || entry.project.identifier !== identifier) continue;
    const { id } = entry.project;
    return typeof entry.cachedAt === 'number' && isFreshCache(entry.cachedAt, now) && typeof id === 'string' && uuid.test(id) ? id : null;
  }
  return null;
}
