// docs/product/rules-and-messages.md (entities, invitation status): the invitation a visitor is in the middle of answering. ACCEPTED,
// DECLINED and CREATE_OWN no longer force the flow; any other status with an id is pending.
import { safeStorage } from './auth-storage';

export const PENDING_INVITATION_KEY = 'pending_invitation';
export const INVITATION_REDIRECT_KEY = 'invitation_redirect_url';

export interface PendingInvitation {
  id: string;
  status: string;
}

const answered = new Set(['ACCEPTED', 'DECLINED', 'CREATE_OWN']);

export function parsePendingInvitation(raw: string | null): PendingInvitation | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingInvitation> | null;
    return typeof value?.id === 'string' && value.id !== '' && typeof value.status === 'string' ? { id: value.id, status: value.status } : null;
  } catch {
    return null;
  }
}

/** The invitation that still forces the flow, or null. */
export function forcingInvitation(invitation: PendingInvitation | null): PendingInvitation | null {
  return invitation && !answered.has(invitation.status) ? invitation : null;
}

export function readPendingInvitation(): PendingInvitation | null {
  return parsePendingInvitation(safeStorage.get(PENDING_INVITATION_KEY));
}

export function writePendingInvitation(value: PendingInvitation | null): void {
  if (value) safeStorage.set(PENDING_INVITATION_KEY, JSON.stringify(value));
  else safeStorage.remove(PENDING_INVITATION_KEY);
}

/** Where to go once a signed-out invitee has signed in and set up: used once at /. */
export function rememberInvitationRedirect(path: string): void {
  safeStorage.set(INVITATION_REDIRECT_KEY, path);
}

export function readInvitationRedirect(): string | null {
  const path = safeStorage.get(INVITATION_REDIRECT_KEY);
  return path?.startsWith('/') && !path.startsWith('//') ? path : null;
}

export function clearInvitationRedirect(): void {
  safeStorage.remove(INVITATION_REDIRECT_KEY);
}
