// docs/product/rules-and-messages.md (entities, auth state, constants): the account and organisation are cached locally with a cachedAt
// time and expire after 24 hours; the auth state starts from them.
import type { Account } from '@questboard/shared/accounts';
import { CACHE_TTL_MS } from '@questboard/shared/limits';
import type { Organisation } from '@questboard/shared/organisations';

import { APP_STORAGE_PREFIX, safeStorage } from './auth-storage';

export const accountCacheKey = `${APP_STORAGE_PREFIX}account`;
export const organisationCacheKey = `${APP_STORAGE_PREFIX}organisation`;
/** The projects last opened, by organisation and identifier (features/projects/api/project-cache.ts). */
export const projectsCacheKey = `${APP_STORAGE_PREFIX}projects`;

/** Cached at `cachedAt` (epoch ms), still usable at `now`: younger than 24 hours, not from the future. */
export function isFreshCache(cachedAt: number, now: number): boolean {
  return now - cachedAt < CACHE_TTL_MS && cachedAt <= now;
}

/** The cached value if present, well-formed and younger than 24 hours. */
export function readCache(raw: string | null, now: number): unknown {
  if (!raw) return null;
  try {
    const cached = JSON.parse(raw) as { data?: unknown; cachedAt?: unknown } | null;
    if (!cached || typeof cached.cachedAt !== 'number' || cached.data === undefined) return null;
    return isFreshCache(cached.cachedAt, now) ? cached.data : null;
  } catch {
    return null;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export function loadCachedAccount(now = Date.now()): Account | null {
  const value = readCache(safeStorage.get(accountCacheKey), now);
  return isRecord(value) && typeof value.id === 'string' && typeof value.isActive === 'boolean' ? (value as unknown as Account) : null;
}

export function loadCachedOrganisation(now = Date.now()): Organisation | null {
  const value = readCache(safeStorage.get(organisationCacheKey), now);
  return isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string' ? (value as unknown as Organisation) : null;
}

export function storeCached(key: string, data: Account | Organisation | null, now = Date.now()): void {
  if (data === null) safeStorage.remove(key);
  else safeStorage.set(key, JSON.stringify({ data, cachedAt: now }));
}

/** Sign-out, or a 401/403: no cached account, organisation or project may show another session's tenant data. */
export function clearSessionCaches(): void {
  for (const key of [accountCacheKey, organisationCacheKey, projectsCacheKey]) safeStorage.remove(key);
}
