import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityUser } from '@questboard/shared/identity';
import { HttpError } from '../http-error';
import type { IdTokenClaims } from '../modules/identity/id-tokens';
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

export function registerAuthentication(app: FastifyInstance, identity: IdentityService) {
  app.decorateRequest('identity', null);
  app.decorate('requireIdentity', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/.exec(header);
    if (!match?.[1]) throw unauthenticated();
    let claims: IdTokenClaims;
    try {
      claims = await identity.verifyIdToken(match[1]);
    } catch {
      throw unauthenticated();
    }
    // A token outlives neither its user nor a disabled account.
    const user = await identity.findUser(claims.sub);
    if (!user || user.disabled) throw unauthenticated();
    request.identity = { user: toUserView(user), claims };
  });
}
