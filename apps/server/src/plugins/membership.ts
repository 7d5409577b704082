import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountErrorCodes } from '@questboard/shared/accounts';
import { accountInactiveMessage } from '@questboard/shared/names';
import type { OrganisationRole } from '@questboard/shared/organisations';
import { HttpError } from '../http-error';
import { authenticate, cacheViewOf, identityOf } from './authenticate';
import type { AuthCache } from './auth-cache';
import type { AccountRow } from '../modules/accounts/account-store';
import type { RequestMemberFound } from '../modules/organisations/membership-store';
import { organisationErrors } from '../modules/organisations/organisation-errors';

/** Who is asking, inside which organisation, as the database says at this request. */
export interface RequestMember {
  userId: string;
  organisationId: string;
  role: OrganisationRole;
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyRequest {
    account: AccountRow | null;
    member: RequestMember | null;
  }
  interface FastifyInstance {
    /** preHandler: requireIdentity, then a registered, active account, or 403. */
    requireAccount: Guard;
    /**
     * preHandler: requireAccount, then a membership of an active organisation, or 403. Every query
     * of tenant data filters by `memberOf(request).organisationId`.
     */
    requireOrganisation: Guard;
  }
}

function missing(request: FastifyRequest, what: string, guard: string): Error {
  return new Error(`${request.routeOptions.url ?? request.url} reads the ${what} without ${guard}`);
}

export function accountOf(request: FastifyRequest): AccountRow {
  if (!request.account) throw missing(request, 'account', 'requireAccount');
  return request.account;
}

export function memberOf(request: FastifyRequest): RequestMember {
  if (!request.member) throw missing(request, 'member', 'requireOrganisation');
  return request.member;
}

type MembershipWithOrganisation = NonNullable<NonNullable<RequestMemberFound>['membership']>;

function acceptAccount(request: FastifyRequest, account: AccountRow | undefined) {
  if (!account) throw new HttpError(403, accountErrorCodes.notRegistered, 'Please finish signing in first.');
  if (!account.isActive) throw new HttpError(403, accountErrorCodes.inactive, accountInactiveMessage);
  request.account = account;
}

function acceptMembership(
  request: FastifyRequest,
  account: AccountRow,
  membership: MembershipWithOrganisation | undefined,
) {
  if (!membership) throw organisationErrors.required();
  if (!membership.organisation.isActive) throw organisationErrors.inactive();
  request.member = { userId: account.id, organisationId: membership.organisationId, role: membership.role };
}

/**
 * The account and organisation guards. Both read the state cache, never the token's org_id (only a
 * hint): the cache is exact, so a member removed a minute ago is refused at once
 * (docs/product/security-cases.md case 23, ADR 019).
 */
export function registerMembershipGuards(app: FastifyInstance, auth: AuthCache) {
  app.decorateRequest('account', null);
  app.decorateRequest('member', null);

  // After requireIdentity the same view answers again (a cache hit); otherwise the whole check.
  const found = async (request: FastifyRequest) =>
    request.identity
      ? auth.member(await cacheViewOf(request, auth), identityOf(request).user.uid)
      : authenticate(request, app.identity, auth);

  const requireAccount: Guard = async (request) => {
    acceptAccount(request, (await found(request))?.account);
  };

  const requireOrganisation: Guard = async (request) => {
    const member = await found(request);
    if (!request.account) acceptAccount(request, member?.account);
    acceptMembership(request, accountOf(request), member?.membership);
  };

  app.decorate('requireAccount', requireAccount);
  app.decorate('requireOrganisation', requireOrganisation);
}
