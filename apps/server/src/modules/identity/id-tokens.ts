import { KeyObject, sign } from 'node:crypto';
import { createLocalJWKSet, decodeProtectedHeader, errors, jwtVerify, type CryptoKey, type JWTPayload } from 'jose';
import type { Clock } from '../../lib/clock';
import type { SigningKeys } from './signing-keys';
import { dropOldest } from '../../db/state-cache';

export const idTokenLifetimeSeconds = 15 * 60;

export type SignInProvider = 'emailLink' | 'google.com';

export interface IdTokenSubject {
  userId: string;
  email: string;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  provider: SignInProvider;
  authTime: Date;
  /** The refresh family (sign-in) the token comes from. */
  sessionId: string;
  organisation: { id: string; role: string } | null;
}

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email: string;
  email_verified: boolean;
  auth_time: number;
  sign_in_provider: SignInProvider;
  name?: string;
  picture?: string;
  org_id?: string;
  org_role?: string;
  /** The sign-in (refresh family): a signed-out session's tokens are refused (ADR 019). */
  sid: string;
}

export interface TokenAudience {
  issuer: string;
  audience: string;
}

/** The Node key object of a signing key, converted once (WebCrypto keys cannot sign synchronously). */
const nodeKeys = new WeakMap<CryptoKey, KeyObject>();
const base64url = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');

/**
 * A signed ES256 ID token (JWS compact serialisation, RFC 7515/7518). Signed on the calling thread
 * with node:crypto: jose's WebCrypto signing hops through libuv's thread pool, which the session
 * restore of every page load then waits for behind whatever else is queued there (issue 20). The
 * verifier below stays jose's.
 */
export async function issueIdToken(keys: SigningKeys, audience: TokenAudience, subject: IdTokenSubject, clock: Clock) {
  const now = Math.floor(clock.now().getTime() / 1000);
  const claims: Record<string, unknown> = {
    email: subject.email,
    email_verified: subject.emailVerified,
    auth_time: Math.floor(subject.authTime.getTime() / 1000),
    sign_in_provider: subject.provider,
    sid: subject.sessionId,
  };
  if (subject.name) claims.name = subject.name;
  if (subject.picture) claims.picture = subject.picture;
  if (subject.organisation) {
    claims.org_id = subject.organisation.id;
    claims.org_role = subject.organisation.role;
  }
  Object.assign(claims, { iss: audience.issuer, aud: audience.audience, sub: subject.userId, iat: now, exp: now + idTokenLifetimeSeconds });
  let key = nodeKeys.get(keys.privateKey);
  if (!key) nodeKeys.set(keys.privateKey, (key = KeyObject.from(keys.privateKey)));
  const signingInput = `${base64url({ alg: 'ES256', kid: keys.kid, typ: 'JWT' })}.${base64url(claims)}`;
  // ES256 signatures are r || s (RFC 7518 section 3.4), not DER.
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
  return { idToken: `${signingInput}.${signature.toString('base64url')}`, expiresIn: idTokenLifetimeSeconds };
}

const forbiddenHeaders = ['jwk', 'jku', 'x5u', 'x5c', 'crit'];

/**
 * Strict verification (docs/product/security-cases.md cases 14-16): ES256 only, a key of ours by `kid`, our issuer and
 * audience, unexpired, not before its time; keys embedded in or pointed to by the header are
 * refused outright.
 */
export function createIdTokenVerifier(keys: SigningKeys, audience: TokenAudience, clock: Clock, remember = 10_000) {
  // Shared keys (ADR 032) replace their JWKS object when another process rotates: rebuilt then.
  let keySetOf = keys.jwks;
  let keySet = createLocalJWKSet(keys.jwks);
  const currentKeySet = () => {
    if (keys.jwks !== keySetOf) {
      keySetOf = keys.jwks;
      keySet = createLocalJWKSet(keys.jwks);
    }
    return keySet;
  };
  // Checking an ES256 signature is most of the CPU of a request served from the caches; a token that
  // verified once is the same token until it expires, so its claims are remembered (failures never are).
  const verified = new Map<string, Readonly<IdTokenClaims>>();
  return async (token: string): Promise<IdTokenClaims> => {
    const known = verified.get(token);
    if (known) {
      // jose's own time checks, with its default of no clock tolerance.
      const now = Math.floor(clock.now().getTime() / 1000);
      if ((known.exp ?? 0) > now && (known.nbf === undefined || known.nbf <= now)) return known;
      verified.delete(token);
      throw new Error('token expired or not yet valid');
    }
    const header = decodeProtectedHeader(token);
    if (forbiddenHeaders.some((name) => name in header)) throw new Error('token header not accepted');
    const verify = () =>
      jwtVerify(token, currentKeySet(), {
        algorithms: ['ES256'],
        issuer: audience.issuer,
        audience: audience.audience,
        typ: 'JWT',
        currentDate: clock.now(),
        requiredClaims: ['sub', 'iat', 'exp', 'auth_time', 'email', 'sid'],
      });
    let payload: JWTPayload;
    try {
      ({ payload } = await verify());
    } catch (error) {
      // Signed by a key another process has just created: read the keys again, then try once more.
      if (!(error instanceof errors.JWKSNoMatchingKey) || !(await keys.reloadForUnknownKey?.())) throw error;
      ({ payload } = await verify());
    }
    const claims = Object.freeze(payload as IdTokenClaims);
    if (verified.size >= remember) dropOldest(verified);
    verified.set(token, claims);
    return claims;
  };
}
