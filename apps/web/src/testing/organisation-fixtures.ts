// Members and invitations of the test organisation (test-auth-provider.tsx), as the API answers them.
import type { Invitation, OrganisationInvitation } from '@questboard/shared/invitations';
import type { Member } from '@questboard/shared/organisations';

import { testUser } from './test-auth-provider';

const member = (userId: string, name: string, email: string, role: Member['role']): Member => ({
  userId,
  email,
  name,
  firstName: name.split(' ')[0] ?? null,
  lastName: name.split(' ')[1] ?? null,
  role,
  joinedAt: '2026-03-04T10:00:00.000Z',
});

/** The signed-in test user, an owner. */
export const ada = member(testUser.uid, 'Ada Lovelace', testUser.email, 'owner');
export const grace = member('2a6c1f0e-8b7d-4e2a-9c1b-3d4e5f6a7b8c', 'Grace Hopper', 'grace@studio.example', 'admin');
export const linus = member('9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', 'Linus Pauling', 'linus@studio.example', 'member');

const invitation = (id: string, email: string, status: OrganisationInvitation['status'], expiresAt: string): OrganisationInvitation => ({
  id,
  email,
  role: 'member',
  status,
  invitedBy: 'Ada Lovelace',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt,
});

export const pendingInvitation = invitation('11111111-2222-4333-8444-555555555555', 'mary@studio.example', 'PENDING', '2030-03-08T10:00:00.000Z');
export const expiredInvitation = invitation('66666666-7777-4888-9999-aaaaaaaaaaaa', 'alan@studio.example', 'EXPIRED', '2026-03-08T10:00:00.000Z');

/** The list calls of /organisation, answered. */
export const organisationListReplies = {
  'GET /core/orgs/members': { body: [ada, grace, linus] },
  'GET /core/orgs/invitations': { body: [pendingInvitation, expiredInvitation] },
};

/** An invitation as the invited person sees it (GET /core/invitations/…): Grace invites Ada. */
export const receivedInvitation: Invitation = {
  id: '3f1e2d3c-4b5a-4987-8f6e-5d4c3b2a1f0e',
  organisationName: 'Pixel Forge',
  inviterName: 'Grace Hopper',
  role: 'admin',
  email: 'ada@studio.example',
  status: 'PENDING',
  expiresAt: '2026-03-11T10:00:00.000Z',
};
