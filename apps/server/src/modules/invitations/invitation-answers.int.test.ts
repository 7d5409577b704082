import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { refresh, signInByLink } from '../../../test/identity-helpers';
import { core, invite, signUp, signUpOwner } from '../../../test/organisation-helpers';
import { manualClock } from '../../lib/clock';
import { identityUsers, invitations, memberships, organisations } from '../../db/schema';

const dayMs = 24 * 60 * 60 * 1000;
const answered = { code: 'INVITATION_ALREADY_ANSWERED', message: 'This invitation has already been answered.' };
const notYours = {
  code: 'INVITATION_NOT_YOURS',
  message: 'This invitation was sent to a different email address. Sign in with that address to answer it.',
};

describe.each(databaseTargets)('answering invitations on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestApp(target, { clock });
  });
  afterEach(async () => t.close());

  /** Ada (owner of Pixel Forge) invites grace@studio.example as an admin; Grace has signed up. */
  async function invited(role = 'admin') {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge', {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const invitation = await invite(t.app, ada.token, 'grace@studio.example', role);
    const grace = await signUp(t.app, 'grace@studio.example');
    return { ada, grace, ...invitation };
  }
  const answer = (token: string, id: string, verb: string) =>
    core(t.app, token, 'POST', `/core/invitations/${id}/${verb}`);
  const byCode = (code: string, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/core/invitations/by-code/${code}`, remoteAddress });
  const statusOf = async (id: string) =>
    (await t.database.db.select().from(invitations).where(eq(invitations.id, id)))[0]!.status;
  const membershipsOf = (userId: string) =>
    t.database.db.select().from(memberships).where(eq(memberships.userId, userId));

  it('shows the invitation by code without a token, and by id only to its address', async () => {
    const { ada, grace, id, code } = await invited();
    const expected = {
      id,
      organisationName: 'Pixel Forge',
      inviterName: 'Ada Lovelace',
      role: 'admin',
      email: 'grace@studio.example',
      status: 'PENDING',
      expiresAt: new Date(clock.now().getTime() + 7 * dayMs).toISOString(),
    };
    const public_ = await byCode(code);
    expect(public_.statusCode).toBe(200);
    expect(public_.json()).toEqual(expected);
    const unknown = await byCode('A'.repeat(43));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INVITATION_NOT_FOUND' });
    expect((await byCode(`${code.slice(0, -1)}x`)).statusCode).toBe(404);

    expect((await core(t.app, grace.token, 'GET', `/core/invitations/${id}`)).json()).toEqual(expected);
    expect((await core(t.app, ada.token, 'GET', `/core/invitations/${id}`)).statusCode).toBe(404);
    const mallory = await signUp(t.app, 'mallory@evil.example');
    expect((await core(t.app, mallory.token, 'GET', `/core/invitations/${id}`)).statusCode).toBe(404);
    expect((await core(t.app, null, 'GET', `/core/invitations/${id}`)).statusCode).toBe(401);
  });

  it('lists the caller’s invitations that can still be answered, newest first', async () => {
    const ada = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    const old = await invite(t.app, ada.token, 'grace@studio.example');
    clock.advance(3 * dayMs);
    const bob = await signUpOwner(t.app, 'bob@other.example', 'Other Studio');
    const recent = await invite(t.app, bob.token, 'grace@studio.example', 'member');
    const grace = await signUp(t.app, 'grace@studio.example');
    const pending = await core(t.app, grace.token, 'GET', '/core/invitations/pending');
    expect(pending.statusCode).toBe(200);
    expect(pending.json<{ id: string }[]>().map((i) => i.id)).toEqual([recent.id, old.id]);
    expect(pending.json()).toEqual([
      expect.objectContaining({ organisationName: 'Other Studio', inviterName: 'bob@other.example' }),
      expect.anything(),
    ]);
    clock.advance(4 * dayMs);
    const token = (await signInByLink(t.app, 'grace@studio.example')).session.idToken;
    expect(
      (await core(t.app, token, 'GET', '/core/invitations/pending')).json<{ id: string }[]>().map((i) => i.id),
    ).toEqual([recent.id]);
    expect((await core(t.app, ada.token, 'GET', '/core/invitations/pending')).statusCode).toBe(401);
  });

  it('accepting joins the organisation with the invited role; the next token carries it', async () => {
    const { ada, grace, id, code } = await invited('admin');
    const accepted = await answer(grace.token, id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id, status: 'ACCEPTED', organisationName: 'Pixel Forge', role: 'admin' });
    expect(await membershipsOf(grace.userId)).toEqual([
      { organisationId: ada.organisationId, userId: grace.userId, role: 'admin', createdAt: clock.now() },
    ]);
    expect((await core(t.app, grace.token, 'GET', '/core/orgs/info')).json()).toMatchObject({
      id: ada.organisationId,
      role: 'admin',
      memberCount: 2,
    });
    const session = (await refresh(t.app, grace.refreshToken)).json<{ idToken: string }>();
    expect(decodeJwt(session.idToken)).toMatchObject({ org_id: ada.organisationId, org_role: 'admin' });
    expect((await byCode(code)).json()).toMatchObject({ status: 'ACCEPTED' });
    expect((await core(t.app, ada.token, 'GET', '/core/orgs/invitations')).json()).toEqual([]);
  });

  it('declining and creating one’s own organisation record the answer and join nothing', async () => {
    const { ada, grace, id } = await invited();
    const declined = await answer(grace.token, id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ id, status: 'DECLINED' });
    expect(await membershipsOf(grace.userId)).toEqual([]);

    const second = await invite(t.app, ada.token, 'alan@studio.example');
    const alan = await signUp(t.app, 'alan@studio.example');
    const own = await answer(alan.token, second.id, 'create-own');
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: second.id, status: 'CREATE_OWN' });
    expect(await membershipsOf(alan.userId)).toEqual([]);
    const created = await core(t.app, alan.token, 'POST', '/core/orgs', { name: 'Turing Games' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Turing Games', role: 'owner' });
  });

  it('24: an invitation answered from a different or unverified address is refused, and stays pending', async () => {
    const { id } = await invited();
    const mallory = await signUp(t.app, 'mallory@evil.example');
    for (const verb of ['accept', 'decline', 'create-own']) {
      const response = await answer(mallory.token, id, verb);
      expect(response.statusCode, verb).toBe(403);
      expect(response.json(), verb).toEqual(notYours);
    }
    expect(await membershipsOf(mallory.userId)).toEqual([]);
    await t.database.db
      .update(identityUsers)
      .set({ emailVerified: false })
      .where(eq(identityUsers.email, 'grace@studio.example'));
    const grace = (await signInByLink(t.app, 'grace@studio.example')).session;
    // Completing a link verifies the address again, so flip it after signing in.
    await t.database.db
      .update(identityUsers)
      .set({ emailVerified: false })
      .where(eq(identityUsers.email, 'grace@studio.example'));
    expect((await answer(grace.idToken, id, 'accept')).json()).toEqual(notYours);
    expect(await statusOf(id)).toBe('PENDING');
    expect((await answer(mallory.token, '00000000-0000-4000-8000-000000000000', 'accept')).statusCode).toBe(404);
  });

  it('24: an invitation is answered once: twice, after declining, or by ten parallel accepts, only one wins', async () => {
    const { ada, grace, id } = await invited();
    const parallel = await Promise.all(Array.from({ length: 10 }, () => answer(grace.token, id, 'accept')));
    expect(parallel.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
    expect(await membershipsOf(grace.userId)).toHaveLength(1);
    expect((await answer(grace.token, id, 'accept')).json()).toEqual(answered);
    expect((await answer(grace.token, id, 'decline')).json()).toEqual(answered);

    const second = await invite(t.app, ada.token, 'alan@studio.example');
    const alan = await signUp(t.app, 'alan@studio.example');
    expect((await answer(alan.token, second.id, 'decline')).statusCode).toBe(200);
    const late = await answer(alan.token, second.id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(answered);
    expect(await statusOf(second.id)).toBe('DECLINED');
    expect(await membershipsOf(alan.userId)).toEqual([]);
  });

  it('24: an expired or withdrawn invitation cannot be answered (410)', async () => {
    const { ada, id, code } = await invited();
    clock.advance(7 * dayMs);
    const grace = (await signInByLink(t.app, 'grace@studio.example')).session;
    expect((await byCode(code)).json()).toMatchObject({ status: 'EXPIRED' });
    const expired = await answer(grace.idToken, id, 'accept');
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({
      code: 'INVITATION_EXPIRED',
      message: 'This invitation has expired. Ask for a new one.',
    });
    expect((await answer(grace.idToken, id, 'decline')).statusCode).toBe(410);
    expect(await membershipsOf(grace.user.uid)).toEqual([]);

    const adaToken = (await signInByLink(t.app, 'ada@pixel.example')).session.idToken;
    const fresh = await invite(t.app, adaToken, 'alan@studio.example');
    await core(t.app, adaToken, 'DELETE', `/core/orgs/invitations/${fresh.id}`);
    const alan = await signUp(t.app, 'alan@studio.example');
    const revoked = await answer(alan.token, fresh.id, 'accept');
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json()).toEqual({ code: 'INVITATION_REVOKED', message: 'This invitation was withdrawn.' });
    expect(ada.organisationId).toBeDefined();
  });

  it('refuses to accept while in another organisation, or into an inactive one', async () => {
    const { ada, grace, id } = await invited();
    await core(t.app, grace.token, 'POST', '/core/orgs', { name: 'Hopper Labs' });
    const busy = await answer(grace.token, id, 'accept');
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'ALREADY_IN_ORGANISATION' });
    expect(await statusOf(id)).toBe('PENDING');

    const second = await invite(t.app, ada.token, 'alan@studio.example');
    await t.database.db.update(organisations).set({ isActive: false }).where(eq(organisations.id, ada.organisationId));
    const alan = await signUp(t.app, 'alan@studio.example');
    const inactive = await answer(alan.token, second.id, 'accept');
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json()).toEqual({
      code: 'ORGANISATION_INACTIVE',
      message: 'Your organisation is inactive. Please contact support.',
    });
  });

  it('24: guessing codes is rate-limited per IP address (429 with Retry-After)', async () => {
    const { code } = await invited();
    for (let index = 0; index < 20; index += 1)
      expect((await byCode(`guess-${index}`, '203.0.113.7')).statusCode).toBe(404);
    const limited = await byCode(code, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await byCode(code, '198.51.100.1')).statusCode).toBe(200);
    clock.advance(15 * 60 * 1000);
    expect((await byCode(code, '203.0.113.7')).statusCode).toBe(200);
  });

  it('25: hostile answers are a 4xx, never a 500, and change nothing', async () => {
    const { grace, id } = await invited();
    const post = (url: string, payload?: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${grace.token}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
    const cases: [string, string, string | undefined, number][] = [
      ['invalid JSON', `/core/invitations/${id}/accept`, '{"x":', 400],
      ['past the body limit', `/core/invitations/${id}/accept`, JSON.stringify({ x: 'a'.repeat(1_100_000) }), 413],
      ['not an id', '/core/invitations/not-a-uuid/accept', undefined, 400],
      ['a NUL in the id', '/core/invitations/%00/decline', undefined, 400],
      ['a right-to-left id', `/core/invitations/${encodeURIComponent('\u202E' + id)}/accept`, undefined, 400],
      ['an emoji id', `/core/invitations/${encodeURIComponent('🎮')}/create-own`, undefined, 400],
    ];
    for (const [label, url, payload, status] of cases) {
      const response = await post(url, payload);
      expect(response.statusCode, label).toBe(status);
      expect(response.json<{ message: string }>().message, label).toEqual(expect.any(String));
    }
    for (const code of ['%00', encodeURIComponent('🎮'), encodeURIComponent('\u202E'), 'a'.repeat(201)]) {
      expect((await byCode(code)).statusCode, code).toBeGreaterThanOrEqual(400);
      expect((await byCode(code)).statusCode, code).toBeLessThan(500);
    }
    expect(await statusOf(id)).toBe('PENDING');
  });
});
