import { describe, expect, it } from 'vitest';

import { ApiError } from '../../lib/api-error';
import { type AccessInputs, accessView, isClosingError } from './access-view';
import { receivedInvitation } from '../../testing/organisation-fixtures';

const invitation = receivedInvitation;

const signedIn = { isLoading: false, email: 'ada@studio.example', hasAccount: true, organisationName: null };
const signedOut = { isLoading: false, email: null, hasAccount: false, organisationName: null };

const inputs = (overrides: Partial<AccessInputs> = {}): AccessInputs => ({
  reference: { code: 'c0de' },
  auth: signedIn,
  lookup: { invitation, error: null },
  answerError: null,
  ...overrides,
});

const notFound = new ApiError('This invitation does not exist or is no longer available.', { status: 404, code: 'INVITATION_NOT_FOUND' });
const expired = new ApiError('This invitation has expired. Ask for a new one.', { status: 410, code: 'INVITATION_EXPIRED' });
const offline = new ApiError('Network error. Please check your connection and try again.', { isNetworkError: true });
const inactive = new ApiError('Your organisation is inactive. Please contact support.', { status: 403, code: 'ORGANISATION_INACTIVE' });

describe('accessView', () => {
  it.each<[string, AccessInputs, ReturnType<typeof accessView>]>([
    ['the session is still loading', inputs({ auth: { ...signedIn, isLoading: true } }), { kind: 'loading' }],
    ['signed out with an id: nothing to show before signing in', inputs({ reference: { id: invitation.id }, auth: signedOut, lookup: { invitation: undefined, error: null } }), { kind: 'sign-in', invitation: null }],
    ['signed out with a code, still looking', inputs({ auth: signedOut, lookup: { invitation: undefined, error: null } }), { kind: 'loading' }],
    ['signed out with a code that was found', inputs({ auth: signedOut }), { kind: 'sign-in', invitation }],
    ['signed out with a code not found', inputs({ auth: signedOut, lookup: { invitation: undefined, error: notFound } }), { kind: 'unavailable', title: 'Invitation not found', message: notFound.message, canRetry: false }],
    ['no connection: worth retrying', inputs({ lookup: { invitation: undefined, error: offline } }), { kind: 'unavailable', title: 'Invitation unavailable', message: offline.message, canRetry: true }],
    ['signed in as the invited address, case aside', inputs({ auth: { ...signedIn, email: 'Ada@Studio.example' } }), { kind: 'answer', invitation }],
    ['signed in as another address', inputs({ auth: { ...signedIn, email: 'grace@studio.example' } }), { kind: 'wrong-account', invitation, signedInAs: 'grace@studio.example' }],
    ['signed in, account not registered yet', inputs({ auth: { ...signedIn, hasAccount: false } }), { kind: 'loading' }],
    ['already in an organisation', inputs({ auth: { ...signedIn, organisationName: 'Moon Studio' } }), { kind: 'already-member', invitation, organisationName: 'Moon Studio' }],
    ['an answer refused as expired', inputs({ answerError: expired }), { kind: 'unavailable', title: 'Invitation expired', message: expired.message, canRetry: false }],
  ])('%s', (_name, given, expected) => {
    expect(accessView(given)).toEqual(expected);
  });

  it.each([
    ['ACCEPTED', 'Invitation already accepted', 'This invitation to join Pixel Forge has already been accepted.'],
    ['DECLINED', 'Invitation declined', 'This invitation to join Pixel Forge was declined.'],
    ['CREATE_OWN', 'Invitation already answered', 'This invitation to join Pixel Forge was answered by creating a separate organisation.'],
    ['REVOKED', 'Invitation withdrawn', 'This invitation to join Pixel Forge was withdrawn. Ask for a new one if you still need access.'],
    ['EXPIRED', 'Invitation expired', 'This invitation to join Pixel Forge has expired. Ask Grace Hopper for a new one.'],
  ] as const)('an invitation %s cannot be answered, signed in or not', (status, title, message) => {
    for (const auth of [signedIn, signedOut]) {
      expect(accessView(inputs({ auth, lookup: { invitation: { ...invitation, status }, error: null } }))).toEqual({
        kind: 'unavailable',
        title,
        message,
        canRetry: false,
      });
    }
  });

  it('welcomes back the person who accepted it', () => {
    const accepted = { invitation: { ...invitation, status: 'ACCEPTED' as const }, error: null };
    expect(accessView(inputs({ lookup: accepted, auth: { ...signedIn, organisationName: 'Pixel Forge' } }))).toEqual({
      kind: 'joined',
      organisationName: 'Pixel Forge',
    });
    expect(accessView(inputs({ lookup: accepted, auth: { ...signedIn, email: 'grace@studio.example', organisationName: 'Pixel Forge' } })).kind).toBe('unavailable');
  });

  it('tells closing refusals from others', () => {
    expect([notFound, expired, offline, inactive, new Error('x')].map(isClosingError)).toEqual([true, true, false, false, false]);
  });
});
