// What /access/{code} and /access?id= show, as one pure decision (STYLE.md rule 5). The page
// only renders the answer and wires the buttons.
import { invitationErrorCodes, type Invitation } from '@questboard/shared/invitations';

import { getErrorMessage, isApiError } from '../../lib/api-error';

export type InvitationReference = { code: string } | { id: string };

export interface AccessInputs {
  reference: InvitationReference;
  auth: {
    isLoading: boolean;
    /** The signed-in address; null when signed out. */
    email: string | null;
    /** Registered (calls that need an account may be made). */
    hasAccount: boolean;
    /** The organisation the signed-in user already belongs to. */
    organisationName: string | null;
  };
  lookup: { invitation: Invitation | undefined; error: unknown };
  /** An answer the server refused because the invitation cannot be answered any more. */
  answerError: unknown;
}

export type AccessView =
  | { kind: 'loading' }
  /** Signed out: the invitation is shown when the link's code found it. */
  | { kind: 'sign-in'; invitation: Invitation | null }
  | { kind: 'unavailable'; title: string; message: string; canRetry: boolean }
  /** Opened again by the person who accepted it. */
  | { kind: 'joined'; organisationName: string }
  | { kind: 'wrong-account'; invitation: Invitation; signedInAs: string }
  | { kind: 'already-member'; invitation: Invitation; organisationName: string }
  | { kind: 'answer'; invitation: Invitation };

const closingErrorTitles: Record<string, string> = {
  [invitationErrorCodes.notFound]: 'Invitation not found',
  [invitationErrorCodes.notYours]: 'This invitation is for someone else',
  [invitationErrorCodes.alreadyAnswered]: 'Invitation already answered',
  [invitationErrorCodes.expired]: 'Invitation expired',
  [invitationErrorCodes.revoked]: 'Invitation withdrawn',
};

/** An answer refused with one of these codes means the invitation cannot be answered any more. */
export function isClosingError(error: unknown): boolean {
  return isApiError(error) && error.code !== undefined && error.code in closingErrorTitles;
}

function unavailableFromError(error: unknown): AccessView {
  const code = isApiError(error) ? error.code : undefined;
  const title = code !== undefined ? closingErrorTitles[code] : undefined;
  const status = isApiError(error) ? error.status : undefined;
  return {
    kind: 'unavailable',
    title: title ?? 'Invitation unavailable',
    message: getErrorMessage(error, 'This invitation could not be loaded.'),
    // A refusal (4xx other than 429) will not change by asking again; a network or server error may.
    canRetry: title === undefined && (status === undefined || status === 429 || status >= 500),
  };
}

const stateAfterAnswer: Partial<Record<Invitation['status'], { title: string; message: (i: Invitation) => string }>> = {
  ACCEPTED: {
    title: 'Invitation already accepted',
    message: (i) => `This invitation to join ${i.organisationName} has already been accepted.`,
  },
  DECLINED: { title: 'Invitation declined', message: (i) => `This invitation to join ${i.organisationName} was declined.` },
  CREATE_OWN: {
    title: 'Invitation already answered',
    message: (i) => `This invitation to join ${i.organisationName} was answered by creating a separate organisation.`,
  },
  REVOKED: {
    title: 'Invitation withdrawn',
    message: (i) => `This invitation to join ${i.organisationName} was withdrawn. Ask for a new one if you still need access.`,
  },
  EXPIRED: {
    title: 'Invitation expired',
    message: (i) => `This invitation to join ${i.organisationName} has expired. Ask ${i.inviterName ?? 'the person who invited you'} for a new one.`,
  },
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export function accessView({ reference, auth, lookup, answerError }: AccessInputs): AccessView {
  if (auth.isLoading) return { kind: 'loading' };
  const signedIn = auth.email !== null;
  // Without a session an id cannot be looked up: the link's code is the only public key.
  if (!signedIn && 'id' in reference) return { kind: 'sign-in', invitation: null };
  if (answerError !== undefined && answerError !== null) return unavailableFromError(answerError);
  if (lookup.error !== undefined && lookup.error !== null) return unavailableFromError(lookup.error);
  const { invitation } = lookup;
  if (invitation === undefined) return { kind: 'loading' };

  const yours = auth.email !== null && sameAddress(invitation.email, auth.email);
  if (yours && invitation.status === 'ACCEPTED' && auth.organisationName === invitation.organisationName) {
    return { kind: 'joined', organisationName: invitation.organisationName };
  }
  const closed = stateAfterAnswer[invitation.status];
  if (closed) return { kind: 'unavailable', title: closed.title, message: closed.message(invitation), canRetry: false };
  if (auth.email === null) return { kind: 'sign-in', invitation };
  if (!yours) return { kind: 'wrong-account', invitation, signedInAs: auth.email };
  if (!auth.hasAccount) return { kind: 'loading' };
  if (auth.organisationName !== null) return { kind: 'already-member', invitation, organisationName: auth.organisationName };
  return { kind: 'answer', invitation };
}
