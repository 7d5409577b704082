import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { base64url, decodeJwt, exportJWK, exportSPKI, generateKeyPair, importJWK, SignJWT, type CryptoKey } from 'jose';
import { sql } from 'drizzle-orm';
import { createHmac } from 'node:crypto';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { refresh, refreshCookieOf, signInByLink } from '../../../test/identity-helpers';
import { manualClock } from '../../lib/clock';
import { refreshAbsoluteMs, refreshGraceMs, refreshIdleMs } from './refresh-tokens';
import { loadSigningKeys } from './signing-keys';
import { SharedSigningKeys } from './shared-signing-keys';

const appUrl = 'http://localhost:3999';

// docs/product/security-cases.md cases 14-19, against the real server on PGlite and PostgreSQL 15.
describe.each(databaseTargets)('ID and refresh tokens on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestApp(target, { clock, env: { APP_URL: appUrl } });
  });
  afterEach(async () => t.close());

  const user = (token: string) => t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: `Bearer ${token}` } });

  /** This installation's signing keys: in DATA_DIR, or in PostgreSQL (ADR 032). */
  const ourKeys = () =>
    t.database.driver === 'postgres' ? SharedSigningKeys.load(t.database.db, clock, { refreshMs: 0 }) : loadSigningKeys(t.config.dataDir, clock);

  /** Signs claims with this installation's real signing key, to vary one claim at a time. */
  async function signWithOurKey(claims: Record<string, unknown>, header: Record<string, unknown> = {}) {
    const keys = await ourKeys();
    return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT', ...header }).sign(keys.privateKey);
  }

  it('issues an ES256 ID token for 15 minutes with the claims of docs/product/identity.md#id-token, verifiable with the published JWKS', async () => {
    const { session } = await signInByLink(t.app, 'ada@studio.example');
    const claims = decodeJwt(session.idToken);
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(claims).toMatchObject({
      iss: `${appUrl}/auth/v1`,
      sub: session.user.uid,
      email: 'ada@studio.example',
      email_verified: true,
      sign_in_provider: 'emailLink',
      iat: now,
      exp: now + 900,
      auth_time: now,
    });
    expect(typeof claims.aud).toBe('string');
    const jwks = await t.app.inject({ method: 'GET', url: '/auth/v1/jwks.json' });
    const { keys } = jwks.json<{ keys: { kid: string; kty: string; crv: string; d?: string }[] }>();
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]!.d).toBeUndefined();
    expect((await user(session.idToken)).statusCode).toBe(200);
  });

  it('14: alg none, HS256 with the public key, a bad signature, an unknown kid and embedded jwk/jku headers are 401', async () => {
    const { session } = await signInByLink(t.app, 'ada@studio.example');
    const [header, payload, signature] = session.idToken.split('.') as [string, string, string];
    const claims = decodeJwt(session.idToken);

    const none = `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${payload}.`;
    const keys = await ourKeys();
    const publicPem = await exportSPKI((await importJWK(keys.jwks.keys[0]!, 'ES256')) as CryptoKey);
    const hsHeader = base64url.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: keys.kid }));
    const hsSignature = base64url.encode(createHmac('sha256', publicPem).update(`${hsHeader}.${payload}`).digest());
    const hs256 = `${hsHeader}.${payload}.${hsSignature}`;
    const badSignature = `${header}.${payload}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;

    const attacker = await generateKeyPair('ES256', { extractable: true });
    const attackerJwk = await exportJWK(attacker.publicKey);
    const unknownKid = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'unknown-key', typ: 'JWT' }).sign(attacker.privateKey);
    const embeddedJwk = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT', jwk: attackerJwk }).sign(attacker.privateKey);
    const embeddedJwkOurKey = await signWithOurKey(claims, { jwk: attackerJwk });
    const jku = await signWithOurKey(claims, { jku: 'https://evil.example/jwks.json' });

    for (const [name, token] of Object.entries({ none, hs256, badSignature, unknownKid, embeddedJwk, embeddedJwkOurKey, jku })) {
      const response = await user(token);
      expect(response.statusCode, name).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
    }
  });

  it('15: an expired token and a token not yet valid are 401', async () => {
    const { session } = await signInByLink(t.app, 'ada@studio.example');
    const claims = decodeJwt(session.idToken);
    const future = await signWithOurKey({ ...claims, nbf: Math.floor(clock.now().getTime() / 1000) + 600 });
    expect((await user(future)).statusCode).toBe(401);
    clock.advance(15 * 60 * 1000 + 1000);
    expect((await user(session.idToken)).statusCode).toBe(401);
  });

  it('16: a wrong audience or issuer, a refresh token, or a foreign token as the Bearer are 401', async () => {
    const { session, refreshToken } = await signInByLink(t.app, 'ada@studio.example');
    const claims = decodeJwt(session.idToken);
    const wrongAudience = await signWithOurKey({ ...claims, aud: 'another-installation' });
    const wrongIssuer = await signWithOurKey({ ...claims, iss: 'https://evil.example/auth/v1' });
    const other = await createTestApp(target, { clock, env: { APP_URL: appUrl } });
    try {
      const foreign = (await signInByLink(other.app, 'ada@studio.example')).session.idToken;
      for (const [name, token] of Object.entries({ wrongAudience, wrongIssuer, refreshToken, foreign })) {
        expect((await user(token)).statusCode, name).toBe(401);
      }
      expect((await t.app.inject({ method: 'GET', url: '/auth/v1/user' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/auth/v1/user', headers: { authorization: session.idToken } })).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });

  it('rotates the refresh token on every use and keeps the sign-in time', async () => {
    const { refreshToken } = await signInByLink(t.app, 'ada@studio.example');
    clock.advance(60_000);
    const first = await refresh(t.app, refreshToken);
    expect(first.statusCode).toBe(200);
    const next = refreshCookieOf(first)!;
    expect(next).not.toBe(refreshToken);
    const claims = decodeJwt(first.json<{ idToken: string }>().idToken);
    expect(claims.auth_time).toBe(Math.floor(clock.now().getTime() / 1000) - 60);
    expect((await refresh(t.app, next)).statusCode).toBe(200);
  });

  it('17: reusing a rotated refresh token revokes its family; two racing refreshes both work', async () => {
    const { refreshToken } = await signInByLink(t.app, 'ada@studio.example');
    const racing = await Promise.all([refresh(t.app, refreshToken), refresh(t.app, refreshToken)]);
    expect(racing.map((r) => r.statusCode)).toEqual([200, 200]);
    const successor = refreshCookieOf(racing[0]);

    clock.advance(refreshGraceMs + 1000);
    const reuse = await refresh(t.app, refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ code: 'SESSION_EXPIRED', message: 'Your session has expired. Please sign in again.' });
    expect(reuse.cookies.find((c) => c.name === 'qb_refresh')?.value).toBe('');
    // The thief's reuse also ends the legitimate holder's session.
    expect(successor).toBeDefined();
    expect((await refresh(t.app, successor)).statusCode).toBe(401);
  });

  it('18: after sign-out the refresh token no longer works', async () => {
    const { refreshToken } = await signInByLink(t.app, 'ada@studio.example');
    const out = await t.app.inject({ method: 'POST', url: '/auth/v1/sign-out', cookies: { qb_refresh: refreshToken } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'qb_refresh')?.value).toBe('');
    expect(out.cookies.find((c) => c.name === 'qb_session')?.value).toBe('');
    expect((await refresh(t.app, refreshToken)).statusCode).toBe(401);
  });

  it('19: a refresh without the cookie, or from another origin, is rejected', async () => {
    const { refreshToken } = await signInByLink(t.app, 'ada@studio.example');
    expect((await refresh(t.app, undefined)).statusCode).toBe(401);
    const crossOrigin = await refresh(t.app, refreshToken, { origin: 'https://evil.example' });
    expect(crossOrigin.statusCode).toBe(403);
    expect(refreshCookieOf(crossOrigin)).toBeUndefined();
    expect((await refresh(t.app, refreshToken, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const signOut = await t.app.inject({ method: 'POST', url: '/auth/v1/sign-out', cookies: { qb_refresh: refreshToken }, headers: { origin: 'https://evil.example' } });
    expect(signOut.statusCode).toBe(403);
    // None of that used the token up.
    expect((await refresh(t.app, refreshToken, { origin: 'http://localhost:3999', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('ends a sign-in after 14 idle days and after 30 days however often it is refreshed', async () => {
    const idle = await signInByLink(t.app, 'idle@studio.example');
    clock.advance(refreshIdleMs + 1000);
    expect((await refresh(t.app, idle.refreshToken)).statusCode).toBe(401);

    // Refreshed every week, so never idle: the absolute limit alone ends it.
    const week = 7 * 86_400_000;
    let token = (await signInByLink(t.app, 'busy@studio.example')).refreshToken;
    for (let week_ = 1; week_ <= 4; week_ += 1) {
      clock.advance(week);
      const response = await refresh(t.app, token);
      expect(response.statusCode, `week ${week_}`).toBe(200);
      token = refreshCookieOf(response)!;
    }
    clock.advance(refreshAbsoluteMs - 4 * week + 1000);
    expect((await refresh(t.app, token)).statusCode).toBe(401);
  });

  it('refuses tokens of a user who was disabled or deleted after they were issued', async () => {
    const { session, refreshToken } = await signInByLink(t.app, 'ada@studio.example');
    // A refresh first: the user is then in the state cache, which the change must clear (ADR 019).
    const refreshed = await refresh(t.app, refreshToken);
    expect(refreshed.statusCode).toBe(200);
    await t.database.db.execute(sql`update identity_users set disabled = true`);
    expect((await user(session.idToken)).statusCode).toBe(401);
    expect((await refresh(t.app, refreshCookieOf(refreshed))).statusCode).toBe(401);
  });
});
