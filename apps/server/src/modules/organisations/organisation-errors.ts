import { organisationInactiveMessage } from '@questboard/shared/names';
import { organisationErrorCodes as codes } from '@questboard/shared/organisations';
import { HttpError } from '../../http-error';

/** The refusals of the organisation and membership calls: status, stable code, human message. */
export const organisationErrors = {
  notFound: () => new HttpError(404, codes.notFound, 'You do not belong to an organisation yet.'),
  required: () => new HttpError(403, codes.required, 'Create or join an organisation first.'),
  inactive: () => new HttpError(403, codes.inactive, organisationInactiveMessage),
  alreadyInOrganisation: () =>
    new HttpError(
      409,
      codes.alreadyInOrganisation,
      'You already belong to an organisation. Leave it first to join or create another.',
    ),
  insufficientRole: (action: string) =>
    new HttpError(403, codes.insufficientRole, `Only owners and admins can ${action}.`),
  roleTooHigh: (message: string) => new HttpError(403, codes.roleTooHigh, message),
  lastOwner: () => new HttpError(409, codes.lastOwner, 'An organisation needs at least one owner.'),
  memberNotFound: () => new HttpError(404, codes.memberNotFound, 'This person is not a member of your organisation.'),
};
