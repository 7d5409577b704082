import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { isStrictEmail, normaliseEmail } from './email-address';
import { organisationRoleSchema } from './organisations';

// Invitations into an organisation: the inviter's calls under /core/orgs/invitations and the
// invitee's under /core/invitations, shared by the server routes and the web app.

/** How long an invitation can be answered. The e-mail says "expires in 7 days". */
export const INVITATION_TTL_DAYS = 7;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/**
 * What an answer reports. EXPIRED is not stored: it is a PENDING invitation past its expiry.
 * docs/product/rules-and-messages.md#invitation-status: ACCEPTED, DECLINED and CREATE_OWN no longer force the flow; anything else is pending.
 */
export const invitationStatuses = ['PENDING', 'ACCEPTED', 'DECLINED', 'CREATE_OWN', 'REVOKED', 'EXPIRED'] as const;
export const invitationStatusSchema = z.enum(invitationStatuses).meta({ id: 'InvitationStatus' });
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const invalidInvitationEmailMessage = 'Please enter a valid email address.';

/** The invited address: trimmed, lower-cased and strict (nothing a mail header could be tricked with). */
export const invitationEmailSchema = z
  .string({ error: invalidInvitationEmailMessage })
  .overwrite(normaliseEmail)
  .max(254, { error: invalidInvitationEmailMessage, abort: true })
  .refine(isStrictEmail, { error: invalidInvitationEmailMessage });

export const createInvitationBodySchema = z.object({ email: invitationEmailSchema, role: organisationRoleSchema });

/** An invitation as its organisation's owners and admins see it. */
export const organisationInvitationSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    role: organisationRoleSchema,
    status: invitationStatusSchema,
    invitedBy: z.string().nullable().describe("The inviter's name, else e-mail address"),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'OrganisationInvitation' });
export type OrganisationInvitation = z.infer<typeof organisationInvitationSchema>;

export const organisationInvitationListSchema = z.array(organisationInvitationSchema);

/** An invitation as the invited person sees it (by code, by id, pending, and every answer). */
export const invitationSchema = z
  .object({
    id: z.uuid(),
    organisationName: z.string(),
    inviterName: z.string().nullable(),
    role: organisationRoleSchema,
    email: z.string(),
    status: invitationStatusSchema,
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.array(invitationSchema);

export const invitationParamsSchema = z.object({ id: z.uuid() });
export const invitationCodeParamsSchema = z.object({
  code: z.string().min(1).max(200).refine(isDatabaseText, { error: databaseTextMessage('code') }),
});

/** Stable codes the web app tells apart. */
export const invitationErrorCodes = {
  notFound: 'INVITATION_NOT_FOUND',
  notYours: 'INVITATION_NOT_YOURS',
  alreadyAnswered: 'INVITATION_ALREADY_ANSWERED',
  expired: 'INVITATION_EXPIRED',
  revoked: 'INVITATION_REVOKED',
  alreadyMember: 'ALREADY_MEMBER',
  alreadyInvited: 'ALREADY_INVITED',
} as const;
