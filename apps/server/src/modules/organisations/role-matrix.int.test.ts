import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { addMember, core, invite, signUpOwner, type SignedUpUser } from '../../../test/organisation-helpers';
import { invitations, memberships } from '../../db/schema';

// Issue 9: who may do what to whom, one cell per row. The organisation has two owners, so a cell
// tests the role rule alone; the last-owner rule, members' own refusals, an admin touching an
// owner and other organisations' ids are in members.int.test.ts and invitations.int.test.ts:
//   member changes a role / removes an admin        members: 'owners and admins change roles…', '…remove members…'
//   admin gives or takes away 'owner', removes one  members: same two tests (ROLE_TOO_HIGH)
//   admin promotes and demotes members and admins   members: 'owners and admins change roles…'
//   admin removes a member                          members: '…admins cannot remove owners…'
//   last owner demoted, removed, leaving            members: 'nobody demotes the last owner…', '…remove…', 'members leave…'
//   another organisation's member ids               members: 'another organisation’s members are not found…'
//   member invites, lists, resends, revokes         invitations: '24: never with a role above the inviter’s own…'
//   admin invites an owner, touches an owner's one  invitations: '24: …'
//   another organisation's invitation ids           invitations: 'another organisation’s invitations are not found…'

type Role = 'owner' | 'admin' | 'member';
type Person = 'owner' | 'coOwner' | 'admin' | 'otherAdmin' | 'member' | 'otherMember';
type People = Record<Person, SignedUpUser> & { organisationId: string; invitationId: string };

interface Cell {
  actor: Person;
  does: string;
  call: (people: People) => Promise<LightMyRequestResponse>;
  status: number;
  code?: string;
  /** Roles that differ from the starting ones afterwards (null: no longer a member). */
  after?: Partial<Record<Person, Role | null>>;
}

const startingRoles: Record<Person, Role> = {
  owner: 'owner',
  coOwner: 'owner',
  admin: 'admin',
  otherAdmin: 'admin',
  member: 'member',
  otherMember: 'member',
};

describe.each(databaseTargets)('the role matrix on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeEach(async () => {
    t = await createTestApp(target);
  });
  afterEach(async () => t.close());

  const setRole = (actor: SignedUpUser, subject: SignedUpUser, role: Role) =>
    core(t.app, actor.token, 'PUT', `/core/orgs/members/${subject.userId}`, { role });
  const remove = (actor: SignedUpUser, subject: SignedUpUser) =>
    core(t.app, actor.token, 'DELETE', `/core/orgs/members/${subject.userId}`);

  const cells: Cell[] = [
    // Owners do everything to anyone while another owner remains.
    {
      actor: 'owner',
      does: 'demotes another owner',
      call: (p) => setRole(p.owner, p.coOwner, 'admin'),
      status: 200,
      after: { coOwner: 'admin' },
    },
    {
      actor: 'owner',
      does: 'removes another owner',
      call: (p) => remove(p.owner, p.coOwner),
      status: 204,
      after: { coOwner: null },
    },
    {
      actor: 'owner',
      does: 'makes a member an owner',
      call: (p) => setRole(p.owner, p.member, 'owner'),
      status: 200,
      after: { member: 'owner' },
    },
    {
      actor: 'owner',
      does: 'demotes an admin',
      call: (p) => setRole(p.owner, p.admin, 'member'),
      status: 200,
      after: { admin: 'member' },
    },
    { actor: 'owner', does: 'removes an admin', call: (p) => remove(p.owner, p.admin), status: 204, after: { admin: null } },
    {
      actor: 'owner',
      does: 'removes a member',
      call: (p) => remove(p.owner, p.member),
      status: 204,
      after: { member: null },
    },
    // Admins manage admins and members, never owners.
    {
      actor: 'admin',
      does: 'removes another admin',
      call: (p) => remove(p.admin, p.otherAdmin),
      status: 204,
      after: { otherAdmin: null },
    },
    {
      actor: 'admin',
      does: 'makes another admin an owner',
      call: (p) => setRole(p.admin, p.otherAdmin, 'owner'),
      status: 403,
      code: 'ROLE_TOO_HIGH',
    },
    {
      actor: 'admin',
      does: 'invites a member',
      call: (p) => core(t.app, p.admin.token, 'POST', '/core/orgs/invitations', { email: 'new@pixel.example', role: 'member' }),
      status: 201,
    },
    {
      actor: 'admin',
      does: "resends the owner's invitation of a future member",
      call: (p) => core(t.app, p.admin.token, 'POST', `/core/orgs/invitations/${p.invitationId}/resend`),
      status: 200,
    },
    {
      actor: 'admin',
      does: "revokes the owner's invitation of a future member",
      call: (p) => core(t.app, p.admin.token, 'DELETE', `/core/orgs/invitations/${p.invitationId}`),
      status: 204,
    },
    // Members change nothing, to anyone.
    {
      actor: 'member',
      does: "changes another member's role",
      call: (p) => setRole(p.member, p.otherMember, 'admin'),
      status: 403,
      code: 'INSUFFICIENT_ROLE',
    },
    {
      actor: 'member',
      does: 'demotes an owner',
      call: (p) => setRole(p.member, p.owner, 'member'),
      status: 403,
      code: 'INSUFFICIENT_ROLE',
    },
    {
      actor: 'member',
      does: 'removes another member',
      call: (p) => remove(p.member, p.otherMember),
      status: 403,
      code: 'INSUFFICIENT_ROLE',
    },
    { actor: 'member', does: 'removes an owner', call: (p) => remove(p.member, p.owner), status: 403, code: 'INSUFFICIENT_ROLE' },
  ];

  /** Pixel Forge with two of each role, and a pending invitation the owner sent to a future member. */
  async function pixelForge(): Promise<People> {
    const owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const add = (email: string, role: Role) => addMember(t.app, owner.token, email, role);
    const people = {
      owner,
      coOwner: await add('olive@pixel.example', 'owner'),
      admin: await add('grace@pixel.example', 'admin'),
      otherAdmin: await add('gina@pixel.example', 'admin'),
      member: await add('alan@pixel.example', 'member'),
      otherMember: await add('mary@pixel.example', 'member'),
    };
    const { id } = await invite(t.app, owner.token, 'future@pixel.example', 'member');
    return { ...people, organisationId: owner.organisationId, invitationId: id };
  }

  const rolesOf = async (people: People) => {
    const rows = await t.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.organisationId, people.organisationId));
    const roles = {} as Record<Person, Role | null>;
    for (const person of Object.keys(startingRoles) as Person[]) {
      roles[person] = rows.find((row) => row.userId === people[person].userId)?.role ?? null;
    }
    return roles;
  };

  it.each(cells.map((cell) => [`${cell.actor} ${cell.does}: ${cell.status}`, cell] as const))('%s', async (_, cell) => {
    const people = await pixelForge();
    const response = await cell.call(people);
    expect(response.statusCode, response.body).toBe(cell.status);
    if (cell.code) expect(response.json<{ code: string }>().code).toBe(cell.code);
    expect(await rolesOf(people)).toEqual({ ...startingRoles, ...cell.after });
    if (cell.status >= 400) {
      const [pending] = await t.database.db
        .select({ status: invitations.status })
        .from(invitations)
        .where(eq(invitations.id, people.invitationId));
      expect(pending?.status).toBe('PENDING');
    }
  });
});
