import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { mailbox, signInByLink } from '../../../test/identity-helpers';
import {
  addMember,
  core,
  hostileText,
  invitationCode,
  invite,
  signUp,
  signUpOwner,
} from '../../../test/organisation-helpers';
import { manualClock } from '../../lib/clock';
import { hashSecret } from '../../lib/secrets';
import { invitations } from '../../db/schema';

const appUrl = 'http://localhost:3999';
const dayMs = 24 * 60 * 60 * 1000;
const invalidEmail = 'Please enter a valid email address.';
const managersOnly = { code: 'INSUFFICIENT_ROLE', message: 'Only owners and admins can manage invitations.' };

describe.each(databaseTargets)('inviting on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestApp(target, { clock, env: { APP_URL: appUrl } });
  });
  afterEach(async () => t.close());

  const ada = () => signUpOwner(t.app, 'ada@pixel.example', 'Pixel & Co', { firstName: 'Ada', lastName: 'Lovelace' });
  const post = (token: string, payload: unknown) => core(t.app, token, 'POST', '/core/orgs/invitations', payload);
  const list = (token: string) => core(t.app, token, 'GET', '/core/orgs/invitations');
  const rows = () => t.database.db.select().from(invitations);
  const byCode = (code: string) => core(t.app, null, 'GET', `/core/invitations/by-code/${code}`);

  it('invites an address and e-mails it a link to /access/{code} that expires in 7 days', async () => {
    const owner = await ada();
    const response = await post(owner.token, { email: '  Grace@Studio.Example ', role: 'admin' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      email: 'grace@studio.example',
      role: 'admin',
      status: 'PENDING',
      invitedBy: 'Ada Lovelace',
      createdAt: clock.now().toISOString(),
      expiresAt: new Date(clock.now().getTime() + 7 * dayMs).toISOString(),
    });
    const [mail] = await mailbox(t.app);
    expect(mail).toMatchObject({
      to: 'grace@studio.example',
      subject: 'Ada Lovelace invited you to join Pixel & Co on Questboard',
    });
    const code = await invitationCode(t.app, 'grace@studio.example');
    expect(Buffer.from(code, 'base64url')).toHaveLength(32);
    expect(mail!.text).toContain(`${appUrl}/access/${code}`);
    expect(mail!.text).toContain('expires in 7 days');
    expect(mail!.html).toContain(`href="${appUrl}/access/${code}"`);
    expect(mail!.html).toContain('expires in 7 days');
    expect(mail!.html).toContain('Pixel &amp; Co');
    // Only the hash is stored.
    const [row] = await rows();
    expect(row!.codeHash).toBe(hashSecret(code));
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('names the inviter by e-mail address when they have no name yet', async () => {
    const owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    await post(owner.token, { email: 'grace@studio.example', role: 'member' });
    const [mail] = await mailbox(t.app);
    expect(mail!.subject).toBe('ada@pixel.example invited you to join Pixel Forge on Questboard');
  });

  it('24: never with a role above the inviter’s own; members cannot manage invitations at all', async () => {
    const owner = await ada();
    const admin = await addMember(t.app, owner.token, 'grace@pixel.example', 'admin');
    const member = await addMember(t.app, owner.token, 'alan@pixel.example', 'member');
    const tooHigh = await post(admin.token, { email: 'new@studio.example', role: 'owner' });
    expect(tooHigh.statusCode).toBe(403);
    expect(tooHigh.json()).toEqual({
      code: 'ROLE_TOO_HIGH',
      message: 'You cannot invite someone with a role above your own.',
    });
    expect((await post(admin.token, { email: 'new@studio.example', role: 'admin' })).statusCode).toBe(201);
    expect((await post(owner.token, { email: 'co-owner@studio.example', role: 'owner' })).statusCode).toBe(201);
    const { id } = (await list(owner.token))
      .json<{ id: string; role: string }[]>()
      .find((invitation) => invitation.role === 'owner')!;
    for (const [method, url, payload] of [
      ['POST', '/core/orgs/invitations', { email: 'x@studio.example', role: 'member' }],
      ['GET', '/core/orgs/invitations'],
      ['POST', `/core/orgs/invitations/${id}/resend`],
      ['DELETE', `/core/orgs/invitations/${id}`],
    ] as const) {
      const response = await core(t.app, member.token, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json(), `${method} ${url}`).toEqual(managersOnly);
    }
    // An admin can neither resend nor withdraw an owner's invitation to become owner.
    expect((await core(t.app, admin.token, 'POST', `/core/orgs/invitations/${id}/resend`)).statusCode).toBe(403);
    expect((await core(t.app, admin.token, 'DELETE', `/core/orgs/invitations/${id}`)).statusCode).toBe(403);
    expect((await rows()).filter((row) => row.status === 'PENDING')).toHaveLength(2);
  });

  it.each([
    ['not-an-email'],
    ['"a@evil"@victim.com'],
    ['a@b.com,evil@x.com'],
    ['grace＠studio.example'],
    ['victim@x.com\r\nBcc: evil@x.com'],
    [''],
    [null],
  ])('refuses the address %j before any mail is sent', async (email) => {
    const owner = await ada();
    const sent = (await mailbox(t.app)).length;
    const response = await post(owner.token, { email, role: 'member' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: invalidEmail });
    expect(await mailbox(t.app)).toHaveLength(sent);
    expect(await rows()).toHaveLength(0);
  });

  it('refuses an address that is already a member or already invited; an expired invitation is replaced', async () => {
    const owner = await ada();
    await addMember(t.app, owner.token, 'grace@pixel.example');
    const member = await post(owner.token, { email: 'GRACE@pixel.example', role: 'member' });
    expect(member.statusCode).toBe(409);
    expect(member.json()).toEqual({
      code: 'ALREADY_MEMBER',
      message: 'This person is already a member of your organisation.',
    });
    await invite(t.app, owner.token, 'alan@studio.example');
    const twice = await post(owner.token, { email: 'alan@studio.example', role: 'admin' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      code: 'ALREADY_INVITED',
      message: 'This address already has a pending invitation. Resend it instead.',
    });

    clock.advance(7 * dayMs);
    const token = (await signInByLink(t.app, 'ada@pixel.example')).session.idToken;
    expect((await post(token, { email: 'alan@studio.example', role: 'admin' })).statusCode).toBe(201);
    const alan = (await rows()).filter((row) => row.email === 'alan@studio.example');
    expect(alan.map((row) => row.status).sort()).toEqual(['PENDING', 'REVOKED']);
  });

  it('lists pending and expired invitations newest first; answered and withdrawn ones drop out', async () => {
    const owner = await ada();
    const first = await invite(t.app, owner.token, 'first@studio.example');
    clock.advance(2 * dayMs);
    const token = (await signInByLink(t.app, 'ada@pixel.example')).session.idToken;
    const second = await invite(t.app, token, 'second@studio.example', 'admin');
    clock.advance(1000);
    const third = await invite(t.app, token, 'third@studio.example');
    await core(t.app, token, 'DELETE', `/core/orgs/invitations/${third.id}`);
    const fourth = await invite(t.app, token, 'fourth@studio.example');
    await core(
      t.app,
      (await signUp(t.app, 'fourth@studio.example')).token,
      'POST',
      `/core/invitations/${fourth.id}/decline`,
    );
    clock.advance(5 * dayMs);
    const response = await list((await signInByLink(t.app, 'ada@pixel.example')).session.idToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ id: second.id, email: 'second@studio.example', role: 'admin', status: 'PENDING' }),
      expect.objectContaining({ id: first.id, email: 'first@studio.example', status: 'EXPIRED' }),
    ]);
  });

  it('resends with a new code and a fresh 7 days; the old code stops working', async () => {
    const owner = await ada();
    const { id, code: oldCode } = await invite(t.app, owner.token, 'grace@studio.example');
    clock.advance(6 * dayMs);
    const token = (await signInByLink(t.app, 'ada@pixel.example')).session.idToken;
    const resent = await core(t.app, token, 'POST', `/core/orgs/invitations/${id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      id,
      status: 'PENDING',
      expiresAt: new Date(clock.now().getTime() + 7 * dayMs).toISOString(),
    });
    const newCode = await invitationCode(t.app, 'grace@studio.example');
    expect(newCode).not.toBe(oldCode);
    expect((await byCode(oldCode)).statusCode).toBe(404);
    expect((await byCode(newCode)).json()).toMatchObject({ id, status: 'PENDING' });
    expect((await mailbox(t.app)).filter((mail) => mail.to === 'grace@studio.example')).toHaveLength(2);
  });

  it('withdraws an invitation (twice is fine); answered ones can be neither resent nor withdrawn', async () => {
    const owner = await ada();
    const { id, code } = await invite(t.app, owner.token, 'grace@studio.example');
    const revoked = await core(t.app, owner.token, 'DELETE', `/core/orgs/invitations/${id}`);
    expect(revoked.statusCode).toBe(204);
    expect((await byCode(code)).json()).toMatchObject({ status: 'REVOKED' });
    expect((await core(t.app, owner.token, 'DELETE', `/core/orgs/invitations/${id}`)).statusCode).toBe(204);
    const resend = await core(t.app, owner.token, 'POST', `/core/orgs/invitations/${id}/resend`);
    expect(resend.statusCode).toBe(410);
    expect(resend.json()).toMatchObject({ code: 'INVITATION_REVOKED' });

    const accepted = await invite(t.app, owner.token, 'alan@studio.example');
    const alan = await signUp(t.app, 'alan@studio.example');
    await core(t.app, alan.token, 'POST', `/core/invitations/${accepted.id}/accept`);
    for (const [method, url] of [
      ['POST', `/core/orgs/invitations/${accepted.id}/resend`],
      ['DELETE', `/core/orgs/invitations/${accepted.id}`],
    ] as const) {
      const response = await core(t.app, owner.token, method, url);
      expect(response.statusCode, method).toBe(409);
      expect(response.json(), method).toEqual({
        code: 'INVITATION_ALREADY_ANSWERED',
        message: 'This invitation has already been answered.',
      });
    }
  });

  it('another organisation’s invitations are not found, and nothing of theirs changes', async () => {
    const owner = await ada();
    const { id, code } = await invite(t.app, owner.token, 'grace@studio.example');
    const bob = await signUpOwner(t.app, 'bob@other.example', 'Other Studio');
    expect((await list(bob.token)).json()).toEqual([]);
    for (const [method, url] of [
      ['POST', `/core/orgs/invitations/${id}/resend`],
      ['DELETE', `/core/orgs/invitations/${id}`],
    ] as const) {
      const response = await core(t.app, bob.token, method, url);
      expect(response.statusCode, method).toBe(404);
      expect(response.json<{ code: string }>().code, method).toBe('INVITATION_NOT_FOUND');
    }
    expect((await byCode(code)).json()).toMatchObject({ id, status: 'PENDING' });
    expect((await mailbox(t.app)).filter((mail) => mail.to === 'grace@studio.example')).toHaveLength(1);
  });

  it('caps invitation e-mails at 50 an hour per organisation (429 with Retry-After)', async () => {
    const owner = await ada();
    for (let index = 0; index < 50; index += 1) {
      expect((await post(owner.token, { email: `player${index}@studio.example`, role: 'member' })).statusCode).toBe(
        201,
      );
    }
    const limited = await post(owner.token, { email: 'one-more@studio.example', role: 'member' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const bob = await signUpOwner(t.app, 'bob@other.example', 'Other Studio');
    expect((await post(bob.token, { email: 'one-more@studio.example', role: 'member' })).statusCode).toBe(201);
    clock.advance(60 * 60 * 1000);
    const token = (await signInByLink(t.app, 'ada@pixel.example')).session.idToken;
    expect((await post(token, { email: 'one-more@studio.example', role: 'member' })).statusCode).toBe(201);
  });

  it('25: hostile invitation input is a 4xx with the spec message, never a 500, and sends nothing', async () => {
    const owner = await ada();
    const sent = (await mailbox(t.app)).length;
    const cases: [string, string, number, string | undefined][] = [
      ['invalid JSON', '{"email":', 400, 'The request body is not valid JSON.'],
      ['missing fields', '{}', 400, invalidEmail],
      ['missing role', JSON.stringify({ email: 'grace@studio.example' }), 400, undefined],
      ['wrong types', JSON.stringify({ email: ['grace@studio.example'], role: 1 }), 400, invalidEmail],
      ['10 kB', JSON.stringify({ email: `${hostileText.tenKb}@studio.example`, role: 'member' }), 400, invalidEmail],
      ['1 MB', JSON.stringify({ email: `${hostileText.oneMb}@studio.example`, role: 'member' }), 400, invalidEmail],
      [
        'past the body limit',
        JSON.stringify({ email: 'a'.repeat(1_100_000), role: 'member' }),
        413,
        'The request body is too large.',
      ],
      [
        'control characters',
        JSON.stringify({ email: 'grace\u0000@studio.example', role: 'member' }),
        400,
        invalidEmail,
      ],
      ['right-to-left', JSON.stringify({ email: 'grace\u202E@studio.example', role: 'member' }), 400, invalidEmail],
      ['emoji', JSON.stringify({ email: 'grace🎮@studio.example', role: 'member' }), 400, invalidEmail],
      ['an unknown role', JSON.stringify({ email: 'grace@studio.example', role: 'god' }), 400, undefined],
    ];
    for (const [label, payload, status, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/orgs/invitations',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, label).toBe(status);
      if (message) expect(response.json<{ message: string }>().message, label).toBe(message);
    }
    for (const url of ['/core/orgs/invitations/not-a-uuid/resend', '/core/orgs/invitations/%00']) {
      const response = await core(t.app, owner.token, url.endsWith('resend') ? 'POST' : 'DELETE', url);
      expect(response.statusCode, url).toBe(400);
    }
    expect(await mailbox(t.app)).toHaveLength(sent);
    expect(await rows()).toHaveLength(0);
    expect((await t.database.db.select().from(invitations).where(eq(invitations.status, 'PENDING'))).length).toBe(0);
  });
});
