import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityUser } from '@questboard/shared/identity';
import { HttpError } from '../http-error';
import type { IdTokenClaims } from '../modules/identity/id-tokens';
import type { IdentityUser as IdentityUserRow } from '../modules/identity/users';
import { toUserView, type IdentityService } from '../modules/identity/identity-service';
import type { RequestMemberFound } from '../modules/organisations/membership-store';
import type { CacheView, StateCache } from '../db/state-cache';
import type { AuthCache } from './auth-cache';

export interface RequestIdentity {
  user: IdentityUser;
  claims: IdTokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: RequestIdentity | null;
    /** The request's view of the state cache, taken by the first guard (ADR 019). */
    cacheView: CacheView | null;
  }
  interface FastifyInstance {
    /** The state cache (ADR 019): routes make their own memos of it. */
    stateCache: StateCache;
    /** preHandler: a valid Bearer ID token of an existing, enabled user, or 401. */
    requireIdentity: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The identity `requireIdentity` established; throws when a route forgot the preHandler. */
export function identityOf(request: FastifyRequest): RequestIdentity {
  if (!request.identity) throw new Error(`${request.routeOptions.url ?? request.url} reads the identity without requireIdentity`);
  return request.identity;
}

const unauthenticated = () => new HttpError(401, 'UNAUTHENTICATED', 'Please sign in to continue.');

/** The claims of the request's Bearer ID token, or 401. */
export async function verifyBearer(request: FastifyRequest, identity: IdentityService): Promise<IdTokenClaims> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header);
  if (!match?.[1]) throw unauthenticated();
  try {
    return await identity.verifyIdToken(match[1]);
  } catch {
    throw unauthenticated();
  }
}

/** The request's view of the state cache: one per request, so PostgreSQL's version is read once. */
export async function cacheViewOf(request: FastifyRequest, auth: AuthCache): Promise<CacheView> {
  request.cacheView ??= await auth.view();
  return request.cacheView;
}

/** The view the guards took, for a route's own cached reads; throws when a route forgot its guard. */
export function guardedCacheView(request: FastifyRequest): CacheView {
  if (!request.cacheView) throw new Error(`${request.routeOptions.url ?? request.url} reads the state cache without a guard`);
  return request.cacheView;
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Bearer token's user, if its sign-in is still on (signing out refuses its ID tokens from the
 * next request on, ADR 019) and the user exists and is enabled; or 401. Answers what the state
 * cache holds about the user, for the account and organisation guards.
 */
export async function authenticate(request: FastifyRequest, identity: IdentityService, auth: AuthCache): Promise<RequestMemberFound> {
  const claims = await verifyBearer(request, identity);
  if (!uuidShape.test(claims.sid) || !uuidShape.test(claims.sub)) throw unauthenticated();
  const view = await cacheViewOf(request, auth);
  const [found, active] = await Promise.all([auth.member(view, claims.sub), auth.sessionActive(view, claims.sid)]);
  if (!active) throw unauthenticated();
  acceptIdentity(request, claims, found?.user);
  return found;
}

/** Makes `user`, as the database has it now, the request's identity, or 401. */
export function acceptIdentity(request: FastifyRequest, claims: IdTokenClaims, user: IdentityUserRow | undefined) {
  // A token outlives neither its user nor a disabled account.
  if (!user || user.disabled) throw unauthenticated();
  request.identity = { user: toUserView(user), claims };
}

export function registerAuthentication(app: FastifyInstance, identity: IdentityService, auth: AuthCache) {
  app.decorateRequest('identity', null);
  app.decorateRequest('cacheView', null);
  app.decorate('requireIdentity', async (request: FastifyRequest) => {
    await authenticate(request, identity, auth);
  });
}
