import { invitationErrorCodes as codes, type InvitationStatus } from '@questboard/shared/invitations';
import { HttpError } from '../../http-error';

export const invitationErrors = {
  notFound: () => new HttpError(404, codes.notFound, 'This invitation does not exist or is no longer available.'),
  notYours: () =>
    new HttpError(
      403,
      codes.notYours,
      'This invitation was sent to a different email address. Sign in with that address to answer it.',
    ),
  roleTooHigh: () => new HttpError(403, 'ROLE_TOO_HIGH', 'You cannot invite someone with a role above your own.'),
  alreadyMember: () => new HttpError(409, codes.alreadyMember, 'This person is already a member of your organisation.'),
  alreadyInvited: () =>
    new HttpError(409, codes.alreadyInvited, 'This address already has a pending invitation. Resend it instead.'),
  mailFailed: () => new HttpError(502, 'MAIL_FAILED', 'The invitation e-mail could not be sent. Please try again.'),
};

/**
 * Why an invitation cannot be answered, resent or withdrawn any more. PENDING only arrives here when
 * a parallel request changed it first, which for the loser means it was answered.
 */
export function closedInvitationError(status: InvitationStatus): HttpError {
  switch (status) {
    case 'EXPIRED':
      return new HttpError(410, codes.expired, 'This invitation has expired. Ask for a new one.');
    case 'REVOKED':
      return new HttpError(410, codes.revoked, 'This invitation was withdrawn.');
    default:
      return new HttpError(409, codes.alreadyAnswered, 'This invitation has already been answered.');
  }
}
