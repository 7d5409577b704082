import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityUser } from '@questboard/shared/identity';
import { HttpError } from '../http-error';
import type { IdTokenClaims } from '../modules/identity/id-tokens';
import type { IdentityUser as IdentityUserRow } from '../modules/identity/users';
import { toUserView, type IdentityService } from '../modules/identity/identity-service';

export interface RequestIdentity {
  user: IdentityUser;
  claims: IdTokenClaims;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: RequestIdentity | null;
  }
  interface FastifyInstance {
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

/** Makes `user`, as the database has it now, the request's identity, or 401. */
export function acceptIdentity(request: FastifyRequest, claims: IdTokenClaims, user: IdentityUserRow | undefined) {
  // A token outlives neither its user nor a disabled account.
  if (!user || user.disabled) throw unauthenticated();
  request.identity = { user: toUserView(user), claims };
}

export function registerAuthentication(app: FastifyInstance, identity: IdentityService) {
  app.decorateRequest('identity', null);
  app.decorate('requireIdentity', async (request: FastifyRequest) => {
    const claims = await verifyBearer(request, identity);
    acceptIdentity(request, claims, await identity.findUser(claims.sub));
  });
}
