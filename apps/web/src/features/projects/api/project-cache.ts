// The projects last opened, kept in the browser like the account and organisation (24 hours, cleared
// on sign-out and on a 401/403: lib/session/account-cache.ts), so a returning visitor's project page
// asks for its figures at once instead of after a project lookup (issue 20). The lookup still runs,
// in the background, and replaces what the cache showed.
import { type Project, projectSchema } from '@questboard/shared/projects';
import { z } from 'zod';

import { isFreshCache, projectsCacheKey, readCache } from '../../../lib/session/account-cache';
import { safeStorage } from '../../../lib/session/auth-storage';

/** Enough for the projects a person switches between; the oldest goes first. */
export const CACHED_PROJECTS_MAX = 20;

const entriesSchema = z.array(z.object({ organisationId: z.string(), project: projectSchema, cachedAt: z.number() }));
type Entry = z.infer<typeof entriesSchema>[number];

function readEntries(now: number): Entry[] {
  const parsed = entriesSchema.safeParse(readCache(safeStorage.get(projectsCacheKey), now));
  if (!parsed.success) return [];
  // Each entry keeps its own age: one opened yesterday expires before one opened now.
  return parsed.data.filter((entry) => isFreshCache(entry.cachedAt, now));
}

function writeEntries(entries: Entry[], now: number): void {
  if (entries.length === 0) safeStorage.remove(projectsCacheKey);
  else safeStorage.set(projectsCacheKey, JSON.stringify({ data: entries.slice(0, CACHED_PROJECTS_MAX), cachedAt: now }));
}

const sameProject = (organisationId: string, identifier: string) => (entry: Entry) =>
  entry.organisationId === organisationId && entry.project.identifier === identifier;

/** The organisation's project `identifier` as last seen within 24 hours, and when; null if none. */
export function readCachedProject(organisationId: string, identifier: string, now = Date.now()): { project: Project; cachedAt: number } | null {
  const entry = readEntries(now).find(sameProject(organisationId, identifier));
  return entry ? { project: entry.project, cachedAt: entry.cachedAt } : null;
}

export function storeCachedProject(organisationId: string, project: Project, now = Date.now()): void {
  const others = readEntries(now).filter((entry) => !sameProject(organisationId, project.identifier)(entry));
  writeEntries([{ organisationId, project, cachedAt: now }, ...others], now);
}

/** A deleted, missing or refused project is forgotten. */
export function forgetCachedProject(organisationId: string, identifier: string, now = Date.now()): void {
  const entries = readEntries(now);
  const kept = entries.filter((entry) => !sameProject(organisationId, identifier)(entry));
  if (kept.length !== entries.length) writeEntries(kept, now);
}
