import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/postgres-cluster';
import { databaseTargets } from '../../../test/databases';
import { startGoogleStandIn, type GoogleStandIn } from '../../../test/stand-ins/google-provider';
import { createTestApp } from '../../../test/test-app';
import { googleAuthRequests, identityUsers, refreshTokens } from '../../db/schema';
import { hashSecret } from '../../lib/secrets';

// Google sign-in against a real local OpenID provider (oidc-provider) standing in for Google, on
// PGlite and PostgreSQL 15. docs/product/security-cases.md cases 20 and 21: every rejected callback ends on
// `/login?error=…` without a session, and is logged as a warning with its reason, never as an error.

const appUrl = 'http://localhost:3999';
const redirectUri = `${appUrl}/auth/v1/google/callback`;
const ourClient = { clientId: 'questboard-test', clientSecret: 'questboard-test-secret', redirectUris: [redirectUri] };
const otherClient = { clientId: 'another-app', clientSecret: 'another-app-secret', redirectUris: [redirectUri] };

const ada = {
  sub: '100000000000000000001',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  picture: 'https://pictures.example.com/ada.png',
};
const mallory = { sub: '100000000000000000666', email: 'mallory@example.com', email_verified: true, name: 'Mallory' };

interface LoggedProblem {
  level: 'warn' | 'error';
  err: unknown;
  message: string;
}

describe.each(databaseTargets)('Google sign-in on $name', (target) => {
  let google: GoogleStandIn;
  let otherIssuer: GoogleStandIn;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const logged: LoggedProblem[] = [];
  // Each sign-in start comes from its own address, so the per-IP limit of the start endpoint never
  // decides a test here (it is not what these tests are about).
  let clientNumber = 0;
  const nextClientAddress = () => `198.51.100.${++clientNumber}`;

  beforeAll(async () => {
    google = await startGoogleStandIn({ clients: [ourClient, otherClient] });
    otherIssuer = await startGoogleStandIn({ clients: [ourClient] });
    for (const account of [ada, mallory]) {
      google.addAccount(account);
      otherIssuer.addAccount(account);
    }
    t = await createTestApp(target, {
      env: {
        APP_URL: appUrl,
        GOOGLE_CLIENT_ID: ourClient.clientId,
        GOOGLE_CLIENT_SECRET: ourClient.clientSecret,
        GOOGLE_ISSUER: google.issuer,
      },
      extend: (app) => {
        // Records what requests log as warnings and errors (the test app logs nothing otherwise).
        app.addHook('onRequest', async (request) => {
          const recording = Object.create(request.log) as FastifyBaseLogger;
          const record = (level: LoggedProblem['level']) =>
            ((object: unknown, message?: string) => {
              const err = typeof object === 'object' && object !== null && 'err' in object ? object.err : object;
              logged.push({ level, err, message: message ?? '' });
            }) as FastifyBaseLogger['warn'];
          recording.warn = record('warn');
          recording.error = record('error');
          recording.fatal = record('error');
          request.log = recording;
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await google.stop();
    await otherIssuer.stop();
  });
  afterEach(() => {
    // "Rejected" never means a server error (docs/product/security-cases.md, intro).
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
    logged.length = 0;
  });

  async function authorize(redirectTo?: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/google/authorize',
      payload: redirectTo === undefined ? {} : { redirectTo },
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode, response.body).toBe(200);
    const { authorizationUrl } = response.json<{ authorizationUrl: string }>();
    const cookie = response.cookies.find((candidate) => candidate.name === 'qb_google');
    expect(cookie).toBeDefined();
    const state = new URL(authorizationUrl).searchParams.get('state')!;
    return { authorizationUrl, state, binding: cookie!.value, cookie: cookie! };
  }

  /** The browser arriving back at our callback, with its qb_google cookie (or none). */
  const callback = (url: URL, binding: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: `${url.pathname}${url.search}`,
      cookies: binding === undefined ? {} : { qb_google: binding },
    });

  /** Starts a sign-in, chooses `sub` at the provider, and comes back: the complete happy path. */
  async function signIn(sub: string, redirectTo?: string) {
    const started = await authorize(redirectTo);
    const returned = await google.driveSignIn(started.authorizationUrl, sub);
    return callback(returned, started.binding);
  }

  const sessionCount = async () => (await t.database.db.select({ n: count() }).from(refreshTokens))[0]!.n;
  const userCount = async () => (await t.database.db.select({ n: count() }).from(identityUsers))[0]!.n;
  const userByEmail = async (email: string) =>
    (await t.database.db.select().from(identityUsers).where(eq(identityUsers.email, email)))[0];
  const tamper = (state: string, values: Partial<typeof googleAuthRequests.$inferInsert>) =>
    t.database.db
      .update(googleAuthRequests)
      .set(values)
      .where(eq(googleAuthRequests.stateHash, hashSecret(state)));
  const storedRequest = async (state: string) =>
    (
      await t.database.db
        .select()
        .from(googleAuthRequests)
        .where(eq(googleAuthRequests.stateHash, hashSecret(state)))
    )[0]!;

  type Injected = Awaited<ReturnType<typeof callback>>;

  function expectSignedIn(response: Injected, location: string) {
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(location);
    const refresh = response.cookies.find((cookie) => cookie.name === 'qb_refresh');
    expect(refresh).toBeDefined();
    return refresh!;
  }

  /** A rejected callback: back to the login page with the code, no refresh cookie, no new session or user. */
  async function expectRejected(
    response: Injected,
    before: { sessions: number; users: number },
    code = 'google_failed',
  ) {
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/login?error=${code}`);
    expect(response.cookies.find((cookie) => cookie.name === 'qb_refresh')).toBeUndefined();
    expect(String(response.headers['set-cookie'] ?? '')).not.toContain('qb_refresh=');
    // The one-time binding cookie is cleared whatever happened.
    const binding = response.cookies.find((cookie) => cookie.name === 'qb_google');
    expect(binding?.value).toBe('');
    expect(binding?.path).toBe('/auth/v1/google');
    expect(await sessionCount()).toBe(before.sessions);
    expect(await userCount()).toBe(before.users);
  }

  const snapshot = async () => ({ sessions: await sessionCount(), users: await userCount() });

  /** The reason the callback logged (as a warning) for its last rejection. */
  function lastRejection(): Record<string, unknown> {
    const entry = logged.at(-1);
    expect(entry?.level).toBe('warn');
    expect(entry?.message).toBe('Google sign-in failed');
    return entry!.err as Record<string, unknown>;
  }

  it('announces Google sign-in in the public config', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/v1/config' });
    expect(response.json()).toMatchObject({ googleEnabled: true });
  });

  it('signs in: binding cookie, provider round trip, refresh cookie, an ID token with Google claims', async () => {
    const started = await authorize('/project/x');
    expect(started.cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth/v1/google', maxAge: 600 });
    expect(started.binding).toMatch(/^[\w-]{43}$/);
    const url = new URL(started.authorizationUrl);
    expect(url.origin + url.pathname).toBe(`${google.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: ourClient.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      prompt: 'select_account',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    // The database keeps the state only as a hash, next to the verifier and nonce it needs.
    const stored = await storedRequest(started.state);
    expect(stored.stateHash).not.toContain(started.state);
    expect(stored.redirectTo).toBe('/project/x');
    expect(stored.consumedAt).toBeNull();

    const returned = await google.driveSignIn(started.authorizationUrl, ada.sub);
    expect(returned.origin + returned.pathname).toBe(redirectUri);
    expect(returned.searchParams.get('state')).toBe(started.state);
    expect(returned.searchParams.get('code')).toBeTruthy();
    expect(returned.searchParams.get('iss')).toBe(google.issuer);

    const response = await callback(returned, started.binding);
    const refresh = expectSignedIn(response, '/project/x');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/auth/v1' });
    expect(response.cookies.find((cookie) => cookie.name === 'qb_google')?.value).toBe('');
    expect((await storedRequest(started.state)).consumedAt).not.toBeNull();

    const token = await t.app.inject({ method: 'POST', url: '/auth/v1/token', cookies: { qb_refresh: refresh.value } });
    expect(token.statusCode, token.body).toBe(200);
    const session = token.json<{ idToken: string; user: { uid: string } }>();
    const claims = decodeJwt(session.idToken);
    expect(claims).toMatchObject({
      sign_in_provider: 'google.com',
      email: ada.email,
      email_verified: true,
      name: ada.name,
      picture: ada.picture,
      iss: `${appUrl}/auth/v1`,
    });
    expect(claims.sub).toBe(session.user.uid);

    const user = await t.app.inject({
      method: 'GET',
      url: '/auth/v1/user',
      headers: { authorization: `Bearer ${session.idToken}` },
    });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({
      uid: claims.sub,
      email: ada.email,
      displayName: ada.name,
      photoURL: ada.picture,
      emailVerified: true,
    });
    expect((await userByEmail(ada.email))?.googleSubject).toBe(ada.sub);

    // The next sign-in finds the same user by `sub`, and goes to '/' without a redirect target.
    const again = await signIn(ada.sub);
    expectSignedIn(again, '/');
    const againToken = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/token',
      cookies: { qb_refresh: again.cookies.find((c) => c.name === 'qb_refresh')!.value },
    });
    expect(decodeJwt(againToken.json<{ idToken: string }>().idToken).sub).toBe(claims.sub);
    expect(logged).toEqual([]);
  });

  it('refuses a redirect target outside the app before going to Google', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/v1/google/authorize',
      payload: { redirectTo: 'https://evil.com/x' },
      remoteAddress: nextClientAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVALID_REDIRECT' });
    expect(response.cookies.find((cookie) => cookie.name === 'qb_google')).toBeUndefined();
  });

  it('sends a cancelled sign-in (access_denied) back to the login page', async () => {
    const before = await snapshot();
    const started = await authorize();
    const returned = await google.driveCancel(started.authorizationUrl);
    expect(returned.searchParams.get('error')).toBe('access_denied');
    await expectRejected(await callback(returned, started.binding), before, 'google_cancelled');
  });

  describe('docs/product/security-cases.md case 20: callbacks that must not sign anyone in', () => {
    it('rejects a callback without state', async () => {
      const before = await snapshot();
      const started = await authorize();
      const returned = await google.driveSignIn(started.authorizationUrl, ada.sub);
      returned.searchParams.delete('state');
      await expectRejected(await callback(returned, started.binding), before);
      expect(lastRejection()).toMatchObject({ code: 'GOOGLE_STATE_INVALID' });
    });

    it('rejects a callback without the binding cookie, and the request stays usable by its browser', async () => {
      const before = await snapshot();
      const started = await authorize();
      const returned = await google.driveSignIn(started.authorizationUrl, ada.sub);
      await expectRejected(await callback(returned, undefined), before);
      expect(lastRejection()).toMatchObject({ code: 'GOOGLE_STATE_INVALID' });
      expect((await storedRequest(started.state)).consumedAt).toBeNull();
      expectSignedIn(await callback(returned, started.binding), '/');
    });

    it("rejects another browser's state (cookie and state do not match), and changes nothing for its owner", async () => {
      // Mallory starts a sign-in and gets Google's answer for her own account; the victim's browser
      // holds the binding cookie of its own, different sign-in (login CSRF and state theft alike).
      const before = await snapshot();
      const victim = await authorize();
      const attacker = await authorize();
      const attackerReturn = await google.driveSignIn(attacker.authorizationUrl, mallory.sub);
      await expectRejected(await callback(attackerReturn, victim.binding), before);
      expect(lastRejection()).toMatchObject({ code: 'GOOGLE_STATE_INVALID' });

      // The other way round: a stolen state presented with the thief's cookie does not use up the
      // request of the browser it belongs to.
      const victimReturn = await google.driveSignIn(victim.authorizationUrl, ada.sub);
      await expectRejected(await callback(victimReturn, attacker.binding), before);
      expect((await storedRequest(victim.state)).consumedAt).toBeNull();
      expectSignedIn(await callback(victimReturn, victim.binding), '/');
      expect(await userByEmail(mallory.email)).toBeUndefined();
    });

    it('rejects a wrong PKCE verifier (the provider refuses the code)', async () => {
      const before = await snapshot();
      const started = await authorize();
      const returned = await google.driveSignIn(started.authorizationUrl, ada.sub);
      await tamper(started.state, { codeVerifier: 'x'.repeat(43) });
      await expectRejected(await callback(returned, started.binding), before);
      expect(lastRejection()).toMatchObject({ error: 'invalid_grant' });
      expect(google.tokenErrors.at(-1)).toBe('code_verifier does not match code_challenge');
    });

    it('rejects a replayed callback, and a replayed code even under a fresh state with its verifier and nonce', async () => {
      const first = await authorize();
      const firstReturn = await google.driveSignIn(first.authorizationUrl, ada.sub);
      expectSignedIn(await callback(firstReturn, first.binding), '/');

      const before = await snapshot();
      await expectRejected(await callback(firstReturn, first.binding), before);
      expect(lastRejection()).toMatchObject({ code: 'GOOGLE_STATE_INVALID' });

      // Transplant the used code into a fresh request: same verifier and nonce, new state and cookie.
      const original = await storedRequest(first.state);
      const transplant = async (code: URL, from: { codeVerifier: string; nonce: string }) => {
        const fresh = await authorize();
        await tamper(fresh.state, { codeVerifier: from.codeVerifier, nonce: from.nonce });
        const url = new URL(code);
        url.searchParams.set('state', fresh.state);
        return callback(url, fresh.binding);
      };
      // Control: the transplant itself works for an unused code…
      const unused = await authorize();
      const unusedReturn = await google.driveSignIn(unused.authorizationUrl, ada.sub);
      expectSignedIn(await transplant(unusedReturn, await storedRequest(unused.state)), '/');
      // …so a used code is refused for being used.
      const afterControl = await snapshot();
      await expectRejected(await transplant(firstReturn, original), afterControl);
      expect(lastRejection()).toMatchObject({ error: 'invalid_grant' });
      expect(google.tokenErrors.at(-1)).toBe('authorization code already consumed');
    });

    it('rejects an ID token whose nonce is not the one of the request', async () => {
      const before = await snapshot();
      const started = await authorize();
      const returned = await google.driveSignIn(started.authorizationUrl, ada.sub);
      await tamper(started.state, { nonce: 'a-nonce-this-request-never-sent-0000000000' });
      await expectRejected(await callback(returned, started.binding), before);
      expect(lastRejection()).toMatchObject({
        code: 'OAUTH_JWT_CLAIM_COMPARISON_FAILED',
        cause: { message: 'unexpected ID Token "nonce" claim value' },
      });
    });

    it('rejects an expired sign-in request', async () => {
      const before = await snapshot();
      const started = await authorize();
      const returned = await google.driveSignIn(started.authorizationUrl, ada.sub);
      await tamper(started.state, { expiresAt: new Date(Date.now() - 1000) });
      await expectRejected(await callback(returned, started.binding), before);
      expect(lastRejection()).toMatchObject({ code: 'GOOGLE_STATE_INVALID' });
    });

    it("rejects another client's sign-in: with its own state, and with ours", async () => {
      const before = await snapshot();
      // Another application's complete sign-in at the same provider, sent to our callback.
      const ours = await authorize();
      const foreign = await google.driveSignIn(
        google.authorizationUrl({
          client_id: otherClient.clientId,
          redirect_uri: redirectUri,
          state: 'state-of-another-app',
          nonce: 'nonce-of-another-app',
        }),
        ada.sub,
      );
      await expectRejected(await callback(foreign, ours.binding), before);
      expect(lastRejection()).toMatchObject({ code: 'GOOGLE_STATE_INVALID' });

      // Our own request (state, nonce, PKCE challenge) authorised for the other client: the code
      // carries our state, and the provider still refuses it to us.
      const started = await authorize();
      const forOtherClient = new URL(started.authorizationUrl);
      forOtherClient.searchParams.set('client_id', otherClient.clientId);
      const returned = await google.driveSignIn(forOtherClient.href, ada.sub);
      expect(returned.searchParams.get('state')).toBe(started.state);
      await expectRejected(await callback(returned, started.binding), before);
      expect(lastRejection()).toMatchObject({ error: 'invalid_grant' });
      expect(google.tokenErrors.at(-1)).toBe('client mismatch');
    });

    it("rejects another issuer's code presented with our valid state", async () => {
      const before = await snapshot();
      const elsewhere = async () => {
        const started = await authorize();
        const ours = new URL(started.authorizationUrl);
        const theirs = new URL(`${otherIssuer.issuer}/auth${ours.search}`);
        const returned = await otherIssuer.driveSignIn(theirs.href, ada.sub);
        expect(returned.searchParams.get('state')).toBe(started.state);
        return { started, returned };
      };
      // As the other issuer sends it, naming itself in `iss` (RFC 9207).
      const named = await elsewhere();
      expect(named.returned.searchParams.get('iss')).toBe(otherIssuer.issuer);
      await expectRejected(await callback(named.returned, named.started.binding), before);
      expect(lastRejection()).toMatchObject({
        code: 'OAUTH_INVALID_RESPONSE',
        cause: { message: 'unexpected "iss" (issuer) response parameter value' },
      });

      // With `iss` removed: refused, the provider announces that it always sends one.
      const unnamed = await elsewhere();
      unnamed.returned.searchParams.delete('iss');
      await expectRejected(await callback(unnamed.returned, unnamed.started.binding), before);
      expect(lastRejection()).toMatchObject({
        code: 'OAUTH_INVALID_RESPONSE',
        cause: { message: 'response parameter "iss" (issuer) missing' },
      });

      // Claiming to come from our issuer: our issuer does not know the code.
      const disguised = await elsewhere();
      disguised.returned.searchParams.set('iss', google.issuer);
      await expectRejected(await callback(disguised.returned, disguised.started.binding), before);
      expect(lastRejection()).toMatchObject({ error: 'invalid_grant' });
      expect(google.tokenErrors.at(-1)).toBe('authorization code not found');
    });
  });

  describe('docs/product/security-cases.md case 21: linking to an existing e-mail account', () => {
    async function emailLinkUser(email: string) {
      const sent = await t.app.inject({ method: 'POST', url: '/auth/v1/email-link/send', payload: { email } });
      expect(sent.statusCode).toBe(200);
      const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox/messages' });
      const mail = mailbox
        .json<{ messages: { to: string; text: string }[] }>()
        .messages.find((message) => message.to === email);
      const link = new URL(/http:\/\/\S+\/auth\/callback\?\S+/.exec(mail!.text)![0]);
      const completed = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/email-link/complete',
        payload: {
          email,
          apiKey: link.searchParams.get('apiKey'),
          oobCode: link.searchParams.get('oobCode'),
          mode: link.searchParams.get('mode'),
        },
      });
      expect(completed.statusCode, completed.body).toBe(200);
      return completed.json<{ user: { uid: string } }>().user.uid;
    }

    it('does not link or sign in a Google account whose address is unverified; links it once verified', async () => {
      const uid = await emailLinkUser('linda@example.com');
      google.addAccount({
        sub: '100000000000000000101',
        email: 'linda@example.com',
        email_verified: false,
        name: 'Not Linda',
      });
      const before = await snapshot();
      await expectRejected(await signIn('100000000000000000101'), before, 'google_unverified_email');
      expect(lastRejection()).toMatchObject({ code: 'GOOGLE_EMAIL_UNVERIFIED' });
      const row = await userByEmail('linda@example.com');
      expect(row).toMatchObject({ id: uid, googleSubject: null, displayName: null });

      // A verified Google account with that address (in any case) is the same person: linked.
      google.addAccount({
        sub: '100000000000000000102',
        email: 'Linda@Example.com',
        email_verified: true,
        name: 'Linda',
      });
      const response = await signIn('100000000000000000102');
      const refresh = expectSignedIn(response, '/');
      const token = await t.app.inject({
        method: 'POST',
        url: '/auth/v1/token',
        cookies: { qb_refresh: refresh.value },
      });
      const claims = decodeJwt(token.json<{ idToken: string }>().idToken);
      expect(claims).toMatchObject({
        sub: uid,
        email: 'linda@example.com',
        sign_in_provider: 'google.com',
        name: 'Linda',
      });
      expect(await userByEmail('linda@example.com')).toMatchObject({ id: uid, googleSubject: '100000000000000000102' });
      expect(await userCount()).toBe(before.users);

      // A second Google account claiming the now-linked address does not take it over.
      google.addAccount({ sub: '100000000000000000103', email: 'linda@example.com', email_verified: true });
      const taken = await snapshot();
      await expectRejected(await signIn('100000000000000000103'), taken, 'google_not_linkable');
      expect(await userByEmail('linda@example.com')).toMatchObject({ id: uid, googleSubject: '100000000000000000102' });
    });

    it('creates no user for an unverified Google address nobody has', async () => {
      google.addAccount({ sub: '100000000000000000201', email: 'nobody-yet@example.com', email_verified: false });
      const before = await snapshot();
      await expectRejected(await signIn('100000000000000000201'), before, 'google_unverified_email');
      expect(await userByEmail('nobody-yet@example.com')).toBeUndefined();
    });
  });
});

describe.each(databaseTargets)('Google sign-in not configured on $name', (target) => {
  it('answers the start with 503 GOOGLE_NOT_CONFIGURED, and the callback with the login page', async () => {
    const t = await createTestApp(target, { env: { APP_URL: appUrl } });
    try {
      const config = await t.app.inject({ method: 'GET', url: '/auth/v1/config' });
      expect(config.json()).toMatchObject({ googleEnabled: false });
      const response = await t.app.inject({ method: 'POST', url: '/auth/v1/google/authorize', payload: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'GOOGLE_NOT_CONFIGURED', message: 'Google sign-in is not configured.' });
      expect(response.cookies.find((cookie) => cookie.name === 'qb_google')).toBeUndefined();
      const callback = await t.app.inject({
        method: 'GET',
        url: '/auth/v1/google/callback?code=abc&state=def',
        cookies: { qb_google: 'x' },
      });
      expect(callback.statusCode).toBe(303);
      expect(callback.headers.location).toBe('/login?error=google_not_configured');
    } finally {
      await t.close();
    }
  });
});

describe.each(databaseTargets)('Google issuer unreachable on $name', (target) => {
  it('answers the start with a clear 503, not a 500, and the provider errors other than access_denied as a failure', async () => {
    const port = await freePort();
    const t = await createTestApp(target, {
      env: { APP_URL: appUrl, GOOGLE_CLIENT_ID: 'questboard', GOOGLE_CLIENT_SECRET: 's', GOOGLE_ISSUER: `http://127.0.0.1:${port}` },
    });
    try {
      const response = await t.app.inject({ method: 'POST', url: '/auth/v1/google/authorize', payload: {} });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ code: 'GOOGLE_UNAVAILABLE', message: 'Google sign-in is unavailable right now. Please try again later.' });
      const failed = await t.app.inject({ method: 'GET', url: '/auth/v1/google/callback?error=server_error&state=x' });
      expect(failed.statusCode).toBe(303);
      expect(failed.headers.location).toBe('/login?error=google_failed');
    } finally {
      await t.close();
    }
  });
});
