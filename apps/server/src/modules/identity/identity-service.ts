import type { FastifyBaseLogger } from 'fastify';
import { isStrictEmail, normaliseEmail } from '@questboard/shared/email-address';
import type { IdentityUser as IdentityUserView, Session } from '@questboard/shared/identity';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { memoryRateLimits, type Limiter, type RateLimits } from '../../lib/rate-limits';
import { safeRedirectPath } from '../../lib/redirect';
import { HttpError, tooManyRequests } from '../../http-error';
import type { Mailer } from '../../mail/mailer';
import { createGoogleSignIn } from './google';
import { createIdTokenVerifier, issueIdToken, type SignInProvider, type TokenAudience } from './id-tokens';
import { revokeFamilyOfToken, rotateRefreshToken, startRefreshFamily, type RefreshSession } from './refresh-tokens';
import { consumeSignInLink, createSignInLink } from './sign-in-links';
import { signInEmail } from './sign-in-email';
import type { SigningKeys } from './signing-keys';
import { upsertEmailLinkUser, upsertGoogleUser, type IdentityUser } from './users';

/**
 * The user and the organisation claims (org_id, org_role) of their next ID token, as they are now:
 * from the exact state cache (ADR 019), so a disabled user or a changed role shows in the very next
 * token. Undefined when the user is gone.
 */
export type SignedInLoader = (
  userId: string,
) => Promise<{ user: IdentityUser; organisation: { id: string; role: string } | null } | undefined>;

export interface IdentityDependencies {
  db: Db;
  config: Config;
  clock: Clock;
  keys: SigningKeys;
  mailer: Mailer;
  /** Public identifier of this installation: the sign-in link's `apiKey` and the tokens' audience. */
  publicId: string;
  signedIn: SignedInLoader;
  logger: FastifyBaseLogger;
  /** Where the limits' counters live: memory by default, PostgreSQL with several processes (ADR 032). */
  rateLimits?: RateLimits;
}

const minuteMs = 60_000;
export const invalidLinkMessage = 'Invalid sign-in link. Please request a new one.';

export function toUserView(user: IdentityUser): IdentityUserView {
  return { uid: user.id, email: user.email, displayName: user.displayName, photoURL: user.photoUrl, emailVerified: user.emailVerified };
}

export function createIdentityService(deps: IdentityDependencies) {
  const { db, config, clock, keys, mailer, publicId, signedIn, logger } = deps;
  const audience: TokenAudience = { issuer: `${config.appUrl}/auth/v1`, audience: publicId };
  const verifyIdToken = createIdTokenVerifier(keys, audience, clock);
  const rateLimits = deps.rateLimits ?? memoryRateLimits(clock);
  const limits = {
    sendPerAddress: rateLimits('sign-in-link-per-address', 5, 15 * minuteMs),
    sendPerIp: rateLimits('sign-in-link-per-ip', 20, 15 * minuteMs),
    completePerIp: rateLimits('sign-in-complete-per-ip', 30, 15 * minuteMs),
    googlePerIp: rateLimits('google-sign-in-per-ip', 30, 15 * minuteMs),
  };
  const google = config.google
    ? createGoogleSignIn({ ...config.google, redirectUri: `${config.appUrl}/auth/v1/google/callback` }, db, clock)
    : undefined;

  const limit = async (limiter: Limiter, key: string) => {
    const verdict = await limiter.hit(key);
    if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
  };

  const redirectPath = (target: string | undefined) => {
    if (target === undefined || target === '') return null;
    const path = safeRedirectPath(target, config.appUrl);
    if (!path) throw new HttpError(400, 'INVALID_REDIRECT', 'The redirect target must be a path on this site.');
    return path;
  };

  async function sessionFor(user: IdentityUser, organisation: { id: string; role: string } | null, refresh: RefreshSession): Promise<Session> {
    const token = await issueIdToken(
      keys,
      audience,
      {
        userId: user.id,
        email: user.email,
        emailVerified: user.emailVerified,
        name: user.displayName,
        picture: user.photoUrl,
        provider: refresh.provider,
        authTime: refresh.authTime,
        sessionId: refresh.familyId,
        organisation,
      },
      clock,
    );
    return { ...token, user: toUserView(user) };
  }

  async function signIn(user: IdentityUser, provider: SignInProvider) {
    if (user.disabled) throw new HttpError(403, 'ACCOUNT_DISABLED', 'This account is disabled. Please contact support.');
    const refresh = await startRefreshFamily(db, user.id, provider, clock);
    const state = await signedIn(user.id);
    return { session: await sessionFor(user, state?.organisation ?? null, refresh), refresh };
  }

  return {
    audience,
    verifyIdToken,
    /** Read at every call: shared keys change when another process rotates them (ADR 032). */
    get jwks() {
      return keys.jwks;
    },
    googleEnabled: google !== undefined,

    /** Same answer for every valid address, known or not (docs/product/security-cases.md case 12). */
    async sendSignInLink(rawEmail: string, redirectTo: string | undefined, ip: string) {
      const email = normaliseEmail(rawEmail);
      if (!isStrictEmail(email)) throw new HttpError(400, 'INVALID_EMAIL', 'Please enter a valid email address.');
      const target = redirectPath(redirectTo);
      await limit(limits.sendPerIp, ip);
      await limit(limits.sendPerAddress, email);
      const secret = await createSignInLink(db, email, target, clock);
      const link = new URL('/auth/callback', config.appUrl);
      link.search = new URLSearchParams({ apiKey: publicId, oobCode: secret, mode: 'signIn', lang: 'en' }).toString();
      try {
        await mailer.send(signInEmail(config.appName, email, link.href));
      } catch (error) {
        logger.error({ err: error }, 'sending the sign-in e-mail failed');
        throw new HttpError(502, 'MAIL_FAILED', 'The sign-in e-mail could not be sent. Please try again.');
      }
    },

    async completeSignInLink(input: { email: string; oobCode: string; apiKey: string; mode: string }, ip: string) {
      await limit(limits.completePerIp, ip);
      const email = normaliseEmail(input.email);
      if (input.mode !== 'signIn' || input.apiKey !== publicId || !input.oobCode || !isStrictEmail(email)) {
        throw new HttpError(400, 'INVALID_SIGN_IN_LINK', invalidLinkMessage);
      }
      const link = await consumeSignInLink(db, email, input.oobCode, clock);
      if (!link) throw new HttpError(400, 'INVALID_SIGN_IN_LINK', invalidLinkMessage);
      const user = await upsertEmailLinkUser(db, email, clock);
      const result = await signIn(user, 'emailLink');
      return { ...result, redirectTo: link.redirectTo };
    },

    /** Rotates the refresh token; null when the session is over (the cookie is then cleared). */
    async refresh(token: string) {
      const refresh = await rotateRefreshToken(db, token, clock);
      if (!refresh) return null;
      const state = await signedIn(refresh.userId);
      if (!state || state.user.disabled) return null;
      return { session: await sessionFor(state.user, state.organisation, refresh), refresh };
    },

    signOut: (token: string) => revokeFamilyOfToken(db, token, clock),

    async startGoogle(redirectTo: string | undefined, ip: string) {
      if (!google) throw new HttpError(503, 'GOOGLE_NOT_CONFIGURED', 'Google sign-in is not configured.');
      await limit(limits.googlePerIp, ip);
      const target = redirectPath(redirectTo);
      try {
        return await google.start(target);
      } catch (error) {
        // Discovery failed: the issuer is down or misconfigured. Not the visitor's fault, not a crash.
        logger.warn({ err: error, issuer: config.google?.issuer }, 'Google sign-in could not reach its issuer');
        throw new HttpError(503, 'GOOGLE_UNAVAILABLE', 'Google sign-in is unavailable right now. Please try again later.');
      }
    },

    async finishGoogle(callbackUrl: URL, browserBinding: string | undefined) {
      if (!google) throw new HttpError(503, 'GOOGLE_NOT_CONFIGURED', 'Google sign-in is not configured.');
      const { profile, redirectTo } = await google.finish(callbackUrl, browserBinding);
      const user = await upsertGoogleUser(db, profile, clock);
      return { ...(await signIn(user, 'google.com')), redirectTo };
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
