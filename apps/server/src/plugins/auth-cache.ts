import type { Db } from '../db/database';
import type { CacheView, StateCache } from '../db/state-cache';
import type { SignedInLoader } from '../modules/identity/identity-service';
import { isFamilyActive } from '../modules/identity/refresh-tokens';
import { findRequestMember, type RequestMemberFound } from '../modules/organisations/membership-store';

/** Frozen: one cached object answers many requests, and none may change it for the others. */
function frozen(found: RequestMemberFound): RequestMemberFound {
  if (!found) return found;
  for (const part of [found.user, found.account, found.membership?.organisation, found.membership]) if (part) Object.freeze(part);
  return Object.freeze(found);
}

/**
 * Who is asking, from the state cache (ADR 019): user, account and membership by user id, and
 * whether a sign-in (refresh family) is still on. Exact: any change to them clears the cache first.
 */
export function createAuthCache(db: Db, cache: StateCache) {
  const members = cache.memo<RequestMemberFound>(20_000);
  const sessions = cache.memo<boolean>(50_000);
  const member = (view: CacheView, userId: string) => members.get(view, userId, async () => frozen(await findRequestMember(db, userId)));
  return {
    view: () => cache.view(),
    member,
    sessionActive: (view: CacheView, sessionId: string) => sessions.get(view, sessionId, () => isFamilyActive(db, sessionId)),
    /** The user and organisation claims an ID token about to be issued states: a refresh reads no table but its own. */
    signedIn: (async (userId) => {
      const found = await member(await cache.view(), userId);
      if (!found) return undefined;
      const { membership } = found;
      return { user: found.user, organisation: membership ? { id: membership.organisationId, role: membership.role } : null };
    }) satisfies SignedInLoader,
  };
}

export type AuthCache = ReturnType<typeof createAuthCache>;
