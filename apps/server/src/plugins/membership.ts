import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { accountErrorCodes } from '@questboard/shared/accounts';
import { accountInactiveMessage } from '@questboard/shared/names';
import type { OrganisationRole } from '@questboard/shared/organisations';
import type { Db } from '../db/database';
import { HttpError } from '../http-error';
import { acceptIdentity, identityOf, verifyBearer } from './authenticate';
import { findAccount, type AccountRow } from '../modules/accounts/account-store';
import { findMembershipOf, findRequestMember } from '../modules/organisations/membership-store';
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

type MembershipWithOrganisation = NonNullable<Awaited<ReturnType<typeof findMembershipOf>>>;

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
 * The account and organisation guards. Both read the database on every request: the token's
 * org_id is only a hint, so a member removed a minute ago is refused at once (docs/product/security-cases.md case 23).
 */
export function registerMembershipGuards(app: FastifyInstance, db: Db) {
  app.decorateRequest('account', null);
  app.decorateRequest('member', null);

  const requireAccount: Guard = async (request, reply) => {
    if (!request.identity) await app.requireIdentity(request, reply);
    acceptAccount(request, await findAccount(db, identityOf(request).user.uid));
  };

  const requireOrganisation: Guard = async (request, reply) => {
    if (request.identity) {
      // An earlier guard got part of the way: the rest, one step at a time.
      if (!request.account) await requireAccount(request, reply);
      const account = accountOf(request);
      acceptMembership(request, account, await findMembershipOf(db, account.id));
      return;
    }
    // The usual case: user, account and membership in one round trip (every /core request pays
    // it), checked in the order the separate guards check them.
    const claims = await verifyBearer(request, app.identity);
    const found = await findRequestMember(db, claims.sub);
    acceptIdentity(request, claims, found?.user);
    acceptAccount(request, found?.account);
    acceptMembership(request, accountOf(request), found?.membership);
  };

  app.decorate('requireAccount', requireAccount);
  app.decorate('requireOrganisation', requireOrganisation);
}
