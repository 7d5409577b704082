import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { complete, latestLink, linkBody, mailbox, refreshCookieOf, sendLink, signInByLink } from '../../../test/identity-helpers';
import { manualClock } from '../../lib/clock';
import { signInLinks } from '../../db/schema';

const invalidLink = { code: 'INVALID_SIGN_IN_LINK', message: 'Invalid sign-in link. Please request a new one.' };

// docs/product/security-cases.md cases 1-13, against the real server on PGlite and PostgreSQL 15.
describe.each(databaseTargets)('e-mail link sign-in on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestApp(target, { clock, env: { APP_URL: 'http://localhost:3999' } });
  });
  afterEach(async () => t.close());

  it('sends a link of the contract shape and signs in with it', async () => {
    const sent = await sendLink(t.app, 'ada@studio.example');
    expect(sent.statusCode).toBe(200);
    // No SMTP_URL here: the answer says the link is in the dev mailbox (issue 21, first run).
    expect(sent.json()).toEqual({ sent: true, devMailbox: '/dev/mailbox' });
    const [mail] = await mailbox(t.app);
    expect(mail).toMatchObject({ to: 'ada@studio.example', subject: 'Sign in to Questboard' });
    expect(mail!.text).toContain('expires in 1 hour');
    expect(mail!.html).toContain('expires in 1 hour');
    const link = await latestLink(t.app, 'ada@studio.example');
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3999/auth/callback');
    expect([...link.searchParams.keys()]).toEqual(['apiKey', 'oobCode', 'mode', 'lang']);
    expect(link.searchParams.get('mode')).toBe('signIn');
    expect(link.searchParams.get('lang')).toBe('en');
    expect(Buffer.from(link.searchParams.get('oobCode')!, 'base64url')).toHaveLength(32);

    const response = await complete(t.app, linkBody(link, 'ada@studio.example'));
    expect(response.statusCode).toBe(200);
    const body = response.json<{ idToken: string; expiresIn: number; user: Record<string, unknown>; redirectTo: null }>();
    expect(body.expiresIn).toBe(900);
    expect(body.user).toMatchObject({ email: 'ada@studio.example', emailVerified: true, displayName: null, photoURL: null });
    expect(body.redirectTo).toBeNull();
    const cookie = response.cookies.find((c) => c.name === 'qb_refresh')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/v1' });
    expect(cookie.secure).toBeFalsy();
    // The page-readable hint that a session exists holds no secret.
    const hint = response.cookies.find((c) => c.name === 'qb_session')!;
    expect(hint).toMatchObject({ value: '1', path: '/', sameSite: 'Strict' });
    expect(hint.httpOnly).toBeFalsy();
  });

  it('1: a link that already signed someone in is rejected', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const body = linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example');
    expect((await complete(t.app, body)).statusCode).toBe(200);
    const again = await complete(t.app, body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(invalidLink);
    expect(refreshCookieOf(again)).toBeUndefined();
  });

  it('2: of ten parallel completions of one link exactly one succeeds', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const body = linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example');
    const results = await Promise.all(Array.from({ length: 10 }, () => complete(t.app, body)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
  });

  it('3: an expired link is rejected; a fresh link works until its hour is over', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const old = linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example');
    clock.advance(60 * 60 * 1000);
    expect((await complete(t.app, old)).statusCode).toBe(400);
    await sendLink(t.app, 'ada@studio.example');
    const fresh = linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example');
    clock.advance(60 * 60 * 1000 - 1);
    expect((await complete(t.app, fresh)).statusCode).toBe(200);
  });

  it('4: a link for address A completed with address B is rejected with the generic message', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const body = linkBody(await latestLink(t.app, 'ada@studio.example'), 'mallory@evil.example');
    const response = await complete(t.app, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(invalidLink);
  });

  it('5: case and spaces do not matter; look-alike and malformed addresses are rejected before any mail', async () => {
    expect((await sendLink(t.app, '  ADA@Studio.Example ')).statusCode).toBe(200);
    const link = await latestLink(t.app, 'ada@studio.example');
    expect((await complete(t.app, linkBody(link, ' Ada@STUDIO.example'))).statusCode).toBe(200);

    for (const email of ['"a@evil"@victim.com', 'a@b.com,evil@x.com', 'a＠b.com', 'not-an-address', '']) {
      const response = await sendLink(t.app, email);
      expect(response.statusCode, email).toBe(400);
      expect(response.json()).toEqual({ code: 'INVALID_EMAIL', message: 'Please enter a valid email address.' });
    }
    expect(await mailbox(t.app)).toHaveLength(1);
  });

  it('6: header injection is rejected and no mail is sent', async () => {
    const response = await sendLink(t.app, 'victim@x.com\r\nBcc: evil@x.com');
    expect(response.statusCode).toBe(400);
    expect(await mailbox(t.app)).toHaveLength(0);
  });

  it('7: truncated or altered codes, a wrong mode and a missing apiKey are rejected', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const body = linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example');
    const flipped = body.oobCode.slice(0, -1) + (body.oobCode.endsWith('A') ? 'B' : 'A');
    for (const attempt of [
      { ...body, oobCode: body.oobCode.slice(0, 20) },
      { ...body, oobCode: flipped },
      { ...body, mode: 'resetPassword' },
      { ...body, apiKey: 'someone-elses-key' },
    ]) {
      expect((await complete(t.app, attempt)).statusCode).toBe(400);
    }
    const { apiKey: _omitted, ...withoutKey } = body;
    const missing = await complete(t.app, withoutKey);
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    // Four failures so far: the real link still works once.
    expect((await complete(t.app, body)).statusCode).toBe(200);
  });

  it('8: the database holds only a hash of the secret; the hash is not a usable code', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const body = linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example');
    const rows = await t.database.db.select().from(signInLinks);
    const stored = rows.map((row) => row.secretHash);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(body.oobCode);
    expect((await complete(t.app, { ...body, oobCode: stored[0] })).statusCode).toBe(400);
  });

  it('9 and 10: a plain GET of the link does not use it up, and the page sends no referrer', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const link = await latestLink(t.app, 'ada@studio.example');
    for (let i = 0; i < 3; i += 1) {
      const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(page.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await complete(t.app, linkBody(link, 'ada@studio.example'))).statusCode).toBe(200);
  });

  it('11: flooding one address or one IP answers 429 with Retry-After', async () => {
    for (let i = 0; i < 5; i += 1) expect((await sendLink(t.app, 'ada@studio.example', {}, '198.51.100.1')).statusCode).toBe(200);
    const limited = await sendLink(t.app, 'ada@studio.example', {}, '198.51.100.2');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ code: string }>().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    for (let i = 0; i < 20; i += 1) expect((await sendLink(t.app, `player${i}@studio.example`, {}, '198.51.100.9')).statusCode).toBe(200);
    expect((await sendLink(t.app, 'one-more@studio.example', {}, '198.51.100.9')).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000);
    expect((await sendLink(t.app, 'one-more@studio.example', {}, '198.51.100.9')).statusCode).toBe(200);
  });

  it('11: guessing codes burns the link after 5 failures, and one IP is limited to 30 tries', async () => {
    await sendLink(t.app, 'ada@studio.example');
    const body = linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example');
    for (let i = 0; i < 5; i += 1) expect((await complete(t.app, { ...body, oobCode: `guess-${i}` })).statusCode).toBe(400);
    expect((await complete(t.app, body)).statusCode).toBe(400);

    for (let i = 0; i < 24; i += 1) await complete(t.app, { ...body, oobCode: `more-${i}` }, '127.0.0.1');
    const limited = await complete(t.app, body, '127.0.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('12: known, unknown and disabled addresses get the same answer', async () => {
    await signInByLink(t.app, 'known@studio.example');
    await signInByLink(t.app, 'disabled@studio.example');
    await t.database.db.execute(sql`update identity_users set disabled = true where email = 'disabled@studio.example'`);
    const answers = await Promise.all(
      ['known@studio.example', 'unknown@studio.example', 'disabled@studio.example'].map((email) => sendLink(t.app, email)),
    );
    expect(new Set(answers.map((a) => `${a.statusCode} ${a.body}`)).size).toBe(1);
    // A disabled account still cannot sign in with the link it was sent.
    const denied = await complete(t.app, linkBody(await latestLink(t.app, 'disabled@studio.example'), 'disabled@studio.example'));
    expect(denied.statusCode).toBe(403);
    expect(refreshCookieOf(denied)).toBeUndefined();
  });

  it('13: redirect targets outside APP_URL are rejected; a path on the site is carried through', async () => {
    for (const redirectTo of ['https://evil.com', '//evil.com', 'app.com.evil.com', 'evil.com\\@app.com', 'javascript:alert(1)', 'http://localhost:3999.evil.com/']) {
      const response = await sendLink(t.app, 'ada@studio.example', { redirectTo });
      expect(response.statusCode, redirectTo).toBe(400);
      expect(response.json<{ code: string }>().code).toBe('INVALID_REDIRECT');
    }
    expect(await mailbox(t.app)).toHaveLength(0);
    await sendLink(t.app, 'ada@studio.example', { redirectTo: '/access/abc?x=1' });
    const response = await complete(t.app, linkBody(await latestLink(t.app, 'ada@studio.example'), 'ada@studio.example'));
    expect(response.json<{ redirectTo: string }>().redirectTo).toBe('/access/abc?x=1');
  });

  it('25: malformed bodies get a 4xx, never a 500', async () => {
    const cases = [
      { headers: { 'content-type': 'application/json' }, payload: '{"email":' },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 42 }) },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({}) },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: `${'a'.repeat(10_000)}@x.com` }) },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'a\u0000b@x.com' }) },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'مرحبا@مثال.com' }) },
      { headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ email: '🎮@game.dev' }) },
    ];
    for (const request of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/auth/v1/email-link/send', ...request });
      expect(response.statusCode, request.payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json<{ message: string }>().message).toBeTruthy();
    }
    expect(await mailbox(t.app)).toHaveLength(0);
  });
});
