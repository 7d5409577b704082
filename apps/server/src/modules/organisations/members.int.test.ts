import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { refresh } from '../../../test/identity-helpers';
import { addMember, core, hostileText, signUpOwner } from '../../../test/organisation-helpers';
import { memberships } from '../../db/schema';

const lastOwner = { code: 'LAST_OWNER', message: 'An organisation needs at least one owner.' };

describe.each(databaseTargets)('members on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeEach(async () => {
    t = await createTestApp(target);
  });
  afterEach(async () => t.close());

  /** Pixel Forge: Ada (owner), Grace (admin), Alan (member). Other Studio: Bob (owner), Bea (member). */
  async function twoOrganisations() {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge', {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const grace = await addMember(t.app, ada.token, 'grace@pixel.example', 'admin', {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const alan = await addMember(t.app, ada.token, 'alan@pixel.example', 'member', {
      firstName: 'Alan',
      lastName: 'Turing',
    });
    const bob = await signUpOwner(t.app, 'bob@other.example', 'Other Studio');
    const bea = await addMember(t.app, bob.token, 'bea@other.example', 'member');
    return { ada, grace, alan, bob, bea };
  }
  const members = async (token: string) =>
    (await core(t.app, token, 'GET', '/core/orgs/members')).json<{ userId: string; role: string }[]>();
  const setRole = (token: string, userId: string, role: string) =>
    core(t.app, token, 'PUT', `/core/orgs/members/${userId}`, { role });
  const remove = (token: string, userId: string) => core(t.app, token, 'DELETE', `/core/orgs/members/${userId}`);
  const allMemberships = async () =>
    (await t.database.db.select().from(memberships)).map((m) => `${m.userId}:${m.role}`).sort();

  it('lists members with their roles: owners, admins, then members, each by name', async () => {
    const { ada, grace, alan, bob } = await twoOrganisations();
    const barbara = await addMember(t.app, ada.token, 'barbara@pixel.example', 'admin', {
      firstName: 'Barbara',
      lastName: 'Liskov',
    });
    const nameless = await addMember(t.app, ada.token, 'zed@pixel.example', 'member');
    const response = await core(t.app, alan.token, 'GET', '/core/orgs/members');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ userId: string }[]>();
    expect(list.map((m) => m.userId)).toEqual([ada.userId, barbara.userId, grace.userId, alan.userId, nameless.userId]);
    expect(list[0]).toEqual({
      userId: ada.userId,
      email: 'ada@pixel.example',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'owner',
      joinedAt: expect.any(String) as string,
    });
    expect(list[4]).toMatchObject({
      email: 'zed@pixel.example',
      name: null,
      firstName: null,
      lastName: null,
      role: 'member',
    });
    expect(list.some((m) => m.userId === bob.userId)).toBe(false);
  });

  it('owners and admins change roles, never above their own; members cannot', async () => {
    const { ada, grace, alan } = await twoOrganisations();
    const promoted = await setRole(grace.token, alan.userId, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ userId: alan.userId, role: 'admin', name: 'Alan Turing' });
    expect((await core(t.app, alan.token, 'GET', '/core/orgs/info')).json()).toMatchObject({ role: 'admin' });
    expect((await setRole(grace.token, alan.userId, 'member')).statusCode).toBe(200);

    const grantOwner = await setRole(grace.token, alan.userId, 'owner');
    expect(grantOwner.statusCode).toBe(403);
    expect(grantOwner.json()).toMatchObject({ code: 'ROLE_TOO_HIGH' });
    const demoteOwner = await setRole(grace.token, ada.userId, 'member');
    expect(demoteOwner.statusCode).toBe(403);
    expect(demoteOwner.json()).toMatchObject({ code: 'ROLE_TOO_HIGH' });
    const byMember = await setRole(alan.token, alan.userId, 'admin');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ code: 'INSUFFICIENT_ROLE', message: 'Only owners and admins can change roles.' });
    expect(await allMemberships()).toContain(`${alan.userId}:member`);
  });

  it('the next token refresh carries a changed role, though the last refresh was answered from the cache', async () => {
    const { ada, grace } = await twoOrganisations();
    const first = await refresh(t.app, grace.refreshToken);
    expect(decodeJwt(first.json<{ idToken: string }>().idToken)).toMatchObject({ org_role: 'admin' });
    expect((await setRole(ada.token, grace.userId, 'member')).statusCode).toBe(200);
    const next = await refresh(t.app, first.cookies.find((c) => c.name === 'qb_refresh')!.value);
    expect(decodeJwt(next.json<{ idToken: string }>().idToken)).toMatchObject({ org_role: 'member' });
  });

  it('nobody demotes the last owner; with a second owner, the first may step down', async () => {
    const { ada, grace } = await twoOrganisations();
    const alone = await setRole(ada.token, ada.userId, 'admin');
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toEqual(lastOwner);
    expect((await setRole(ada.token, grace.userId, 'owner')).statusCode).toBe(200);
    expect((await setRole(ada.token, ada.userId, 'member')).statusCode).toBe(200);
    expect((await setRole(grace.token, grace.userId, 'admin')).json()).toEqual(lastOwner);
  });

  it('two owners demoting each other, or leaving, at once leave one owner', async () => {
    const { ada, grace } = await twoOrganisations();
    await setRole(ada.token, grace.userId, 'owner');
    // The loser is refused either as no longer an owner (403) or as the last one (409).
    const demotions = await Promise.all([
      setRole(ada.token, grace.userId, 'member'),
      setRole(grace.token, ada.userId, 'member'),
    ]);
    expect(demotions.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(demotions.filter((r) => r.statusCode === 403 || r.statusCode === 409)).toHaveLength(1);
    expect(
      (await t.database.db.select().from(memberships)).filter(
        (m) => m.role === 'owner' && m.organisationId === ada.organisationId,
      ),
    ).toHaveLength(1);

    const owner = demotions[0].statusCode === 200 ? ada : grace;
    const other = owner === ada ? grace : ada;
    await setRole(owner.token, other.userId, 'owner');
    const leaving = [
      core(t.app, ada.token, 'POST', '/core/orgs/leave'),
      core(t.app, grace.token, 'POST', '/core/orgs/leave'),
    ];
    const left = await Promise.all(leaving);
    expect(left.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    expect(
      (await t.database.db.select().from(memberships)).filter(
        (m) => m.role === 'owner' && m.organisationId === ada.organisationId,
      ),
    ).toHaveLength(1);
  });

  it('owners and admins remove members; admins cannot remove owners; the last owner stays; members cannot remove', async () => {
    const { ada, grace, alan } = await twoOrganisations();
    const byMember = await remove(alan.token, grace.userId);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({
      code: 'INSUFFICIENT_ROLE',
      message: 'Only owners and admins can remove members.',
    });
    const ownerByAdmin = await remove(grace.token, ada.userId);
    expect(ownerByAdmin.statusCode).toBe(403);
    expect(ownerByAdmin.json()).toMatchObject({ code: 'ROLE_TOO_HIGH' });
    expect((await remove(ada.token, ada.userId)).json()).toEqual(lastOwner);
    const removed = await remove(grace.token, alan.userId);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await members(ada.token)).map((m) => m.userId)).toEqual([ada.userId, grace.userId]);
  });

  it('23: a removed member still holding a valid ID token with org_id is denied at once', async () => {
    const { ada, alan } = await twoOrganisations();
    const session = (await refresh(t.app, alan.refreshToken)).json<{ idToken: string }>();
    expect(decodeJwt(session.idToken)).toMatchObject({ org_id: ada.organisationId, org_role: 'member' });
    expect((await core(t.app, session.idToken, 'GET', '/core/orgs/members')).statusCode).toBe(200);
    expect((await remove(ada.token, alan.userId)).statusCode).toBe(204);
    for (const url of ['/core/orgs/members', '/core/orgs/invitations']) {
      const denied = await core(t.app, session.idToken, 'GET', url);
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json(), url).toEqual({
        code: 'ORGANISATION_REQUIRED',
        message: 'Create or join an organisation first.',
      });
    }
    expect((await core(t.app, session.idToken, 'POST', '/core/orgs/leave')).statusCode).toBe(403);
    expect((await core(t.app, session.idToken, 'GET', '/core/orgs/info')).statusCode).toBe(404);
  });

  it('another organisation’s members are not found, and nothing of theirs changes', async () => {
    const { ada, grace, bob, bea } = await twoOrganisations();
    const before = await allMemberships();
    for (const token of [ada.token, grace.token]) {
      for (const response of [
        await setRole(token, bea.userId, 'admin'),
        await remove(token, bea.userId),
        await remove(token, bob.userId),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          code: 'MEMBER_NOT_FOUND',
          message: 'This person is not a member of your organisation.',
        });
      }
    }
    expect(await allMemberships()).toEqual(before);
    expect((await setRole(ada.token, '00000000-0000-4000-8000-000000000000', 'admin')).statusCode).toBe(404);
  });

  it('members leave; the last owner cannot until another owner exists', async () => {
    const { ada, grace, alan } = await twoOrganisations();
    const left = await core(t.app, alan.token, 'POST', '/core/orgs/leave');
    expect(left.statusCode).toBe(204);
    expect((await core(t.app, alan.token, 'GET', '/core/orgs/info')).statusCode).toBe(404);
    const ownerLeaves = await core(t.app, ada.token, 'POST', '/core/orgs/leave');
    expect(ownerLeaves.statusCode).toBe(409);
    expect(ownerLeaves.json()).toEqual(lastOwner);
    await setRole(ada.token, grace.userId, 'owner');
    expect((await core(t.app, ada.token, 'POST', '/core/orgs/leave')).statusCode).toBe(204);
    expect((await members(grace.token)).map((m) => m.userId)).toEqual([grace.userId]);
  });

  it('25: hostile role changes are a 4xx, never a 500, and change nothing', async () => {
    const { ada, alan } = await twoOrganisations();
    const before = await allMemberships();
    const put = (url: string, payload: string) =>
      t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${ada.token}`, 'content-type': 'application/json' },
        payload,
      });
    const url = `/core/orgs/members/${alan.userId}`;
    const cases: [string, string, string, number][] = [
      ['invalid JSON', url, '{"role":', 400],
      ['missing role', url, '{}', 400],
      ['wrong type', url, '{"role":3}', 400],
      ['unknown role', url, '{"role":"superuser"}', 400],
      ['10 kB', url, JSON.stringify({ role: hostileText.tenKb }), 400],
      ['1 MB', url, JSON.stringify({ role: hostileText.oneMb }), 400],
      ['past the body limit', url, JSON.stringify({ role: 'a'.repeat(1_100_000) }), 413],
      ['control characters', url, JSON.stringify({ role: 'admin\u0000' }), 400],
      ['right-to-left', url, JSON.stringify({ role: hostileText.rightToLeftOverride }), 400],
      ['emoji', url, JSON.stringify({ role: '👑' }), 400],
      ['not a user id', '/core/orgs/members/not-a-uuid', '{"role":"admin"}', 400],
      ['a NUL in the id', '/core/orgs/members/%00', '{"role":"admin"}', 400],
    ];
    for (const [label, target, payload, status] of cases) {
      const response = await put(target, payload);
      expect(response.statusCode, label).toBe(status);
      expect(response.json<{ message: string }>().message, label).toEqual(expect.any(String));
    }
    expect(await allMemberships()).toEqual(before);
  });
});
