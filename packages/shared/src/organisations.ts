import { z } from 'zod';
import { organisationNameSchema } from './validation';

// The organisation and membership calls under /core/orgs, shared by the server routes and the web app.

/** Highest first. */
export const organisationRoles = ['owner', 'admin', 'member'] as const;
export const organisationRoleSchema = z.enum(organisationRoles).meta({ id: 'OrganisationRole' });
export type OrganisationRole = z.infer<typeof organisationRoleSchema>;

const roleRank: Record<OrganisationRole, number> = { owner: 3, admin: 2, member: 1 };

/** Whether someone with `actor` may give (or take away) the role `target`: never above their own. */
export function canAssign(actor: OrganisationRole, target: OrganisationRole): boolean {
  return roleRank[target] <= roleRank[actor];
}

/** Owners and admins manage invitations and members; members only see them. */
export function canManageMembers(role: OrganisationRole): boolean {
  return role !== 'member';
}

/** The roles `actor` may hand out, highest first (what the invite form offers). */
export function assignableRoles(actor: OrganisationRole): OrganisationRole[] {
  return organisationRoles.filter((role) => canAssign(actor, role));
}

/** Sorts members: owners, then admins, then members. */
export function compareRoles(a: OrganisationRole, b: OrganisationRole): number {
  return roleRank[b] - roleRank[a];
}

export const createOrganisationBodySchema = z.object({ name: organisationNameSchema });

export const organisationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    isActive: z.boolean(),
    role: organisationRoleSchema.describe("The caller's role in it"),
    createdAt: z.iso.datetime(),
    memberCount: z.number().int(),
  })
  .meta({ id: 'Organisation' });
export type Organisation = z.infer<typeof organisationSchema>;

export const memberSchema = z
  .object({
    userId: z.uuid(),
    email: z.string(),
    name: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    role: organisationRoleSchema,
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'Member' });
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.array(memberSchema);

export const updateMemberRoleBodySchema = z.object({ role: organisationRoleSchema });

export const memberParamsSchema = z.object({ userId: z.uuid() });

/** Stable codes the web app tells apart. */
export const organisationErrorCodes = {
  notFound: 'ORGANISATION_NOT_FOUND',
  required: 'ORGANISATION_REQUIRED',
  inactive: 'ORGANISATION_INACTIVE',
  alreadyInOrganisation: 'ALREADY_IN_ORGANISATION',
  insufficientRole: 'INSUFFICIENT_ROLE',
  roleTooHigh: 'ROLE_TOO_HIGH',
  lastOwner: 'LAST_OWNER',
  memberNotFound: 'MEMBER_NOT_FOUND',
} as const;
