import { and, eq, gt, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { Db } from '../../db/database';
import { googleAuthRequests } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { hashSecret, randomSecret } from '../../lib/secrets';
import { HttpError } from '../../http-error';
import type { GoogleProfile } from './users';

const requestLifetimeMs = 10 * 60 * 1000;

export interface GoogleSettings {
  clientId: string;
  clientSecret: string | undefined;
  issuer: string;
  redirectUri: string;
}

/**
 * Google sign-in: the authorization code flow with PKCE, state and nonce (openid-client against
 * GOOGLE_ISSUER). The state row is bound to the browser that started the flow by a cookie, used
 * once, and lives ten minutes (docs/product/security-cases.md case 20).
 */
export function createGoogleSignIn(settings: GoogleSettings, db: Db, clock: Clock) {
  let configuration: Promise<oidc.Configuration> | undefined;
  const configure = () => {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // config.ts accepts http:// only for a loopback issuer (the tests' local provider).
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deliberate: loopback test issuers only
        execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async start(redirectTo: string | null) {
      const config = await configure();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const browserBinding = randomSecret(32);
      const now = clock.now();
      await db.insert(googleAuthRequests).values({
        stateHash: hashSecret(state),
        browserBindingHash: hashSecret(browserBinding),
        codeVerifier,
        nonce,
        redirectTo,
        createdAt: now,
        expiresAt: new Date(now.getTime() + requestLifetimeMs),
      });
      const authorizationUrl = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { authorizationUrl: authorizationUrl.href, browserBinding };
    },

    /** Checks and uses the callback; returns the verified Google profile and where to go next. */
    async finish(callbackUrl: URL, browserBinding: string | undefined): Promise<{ profile: GoogleProfile; redirectTo: string | null }> {
      const state = callbackUrl.searchParams.get('state');
      if (!state || !browserBinding) throw new HttpError(400, 'GOOGLE_STATE_INVALID', 'The Google sign-in request is missing or not yours.');
      const now = clock.now();
      // The browser binding is part of the match: a state presented from another browser is
      // refused without using up the request of the browser it belongs to.
      const [request] = await db
        .update(googleAuthRequests)
        .set({ consumedAt: now })
        .where(
          and(
            eq(googleAuthRequests.stateHash, hashSecret(state)),
            eq(googleAuthRequests.browserBindingHash, hashSecret(browserBinding)),
            isNull(googleAuthRequests.consumedAt),
            gt(googleAuthRequests.expiresAt, now),
          ),
        )
        .returning();
      if (!request) {
        throw new HttpError(400, 'GOOGLE_STATE_INVALID', 'The Google sign-in request is missing or not yours.');
      }
      const config = await configure();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || typeof claims.email !== 'string') {
        throw new HttpError(400, 'GOOGLE_EMAIL_MISSING', 'Google did not share an e-mail address.');
      }
      return {
        profile: {
          subject: claims.sub,
          email: claims.email.trim().toLowerCase(),
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' ? claims.name : null,
          picture: typeof claims.picture === 'string' ? claims.picture : null,
        },
        redirectTo: request.redirectTo,
      };
    },
  };
}

export type GoogleSignIn = ReturnType<typeof createGoogleSignIn>;
