import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock';
import { createIdTokenVerifier, idTokenLifetimeSeconds, issueIdToken, type IdTokenSubject } from './id-tokens';
import { loadSigningKeys, type SigningKeys } from './signing-keys';

const audience = { issuer: 'http://localhost:3000/auth/v1', audience: 'installation' };
const subject: IdTokenSubject = {
  userId: '7f6b2f0e-4a52-4b53-9b5e-0d1c2b3a4f5e',
  email: 'ada@studio.example',
  emailVerified: true,
  name: null,
  picture: null,
  provider: 'emailLink',
  authTime: new Date('2026-01-15T12:00:00Z'),
  sessionId: '0b7c1c8e-9a3f-4a6e-8d8b-6f0e5f4d3c2b',
  organisation: null,
};

describe('ID token verifier', () => {
  let dataDir: string;
  let keys: SigningKeys;
  let clock: ReturnType<typeof manualClock>;
  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-keys-'));
    clock = manualClock();
    keys = await loadSigningKeys(dataDir, clock);
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('signs a JWS compact ES256 token (signature r || s) that jose verifies with the published keys', async () => {
    clock.advance(5 * 60_000);
    const { idToken, expiresIn } = await issueIdToken(keys, audience, { ...subject, organisation: { id: 'org-1', role: 'admin' } }, clock);
    const [header, , signature] = idToken.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'ES256', kid: keys.kid, typ: 'JWT' });
    expect(Buffer.from(signature, 'base64url')).toHaveLength(64);
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(keys.jwks), { issuer: audience.issuer, audience: audience.audience, algorithms: ['ES256'], currentDate: clock.now() });
    const issuedAt = Date.parse('2026-01-15T12:05:00Z') / 1000;
    expect(payload).toEqual({
      iss: audience.issuer,
      aud: audience.audience,
      sub: subject.userId,
      iat: issuedAt,
      exp: issuedAt + idTokenLifetimeSeconds,
      email: subject.email,
      email_verified: true,
      auth_time: Date.parse('2026-01-15T12:00:00Z') / 1000,
      sign_in_provider: 'emailLink',
      sid: subject.sessionId,
      org_id: 'org-1',
      org_role: 'admin',
    });
    expect(expiresIn).toBe(idTokenLifetimeSeconds);
  });

  it('carries the sign-in as sid', async () => {
    const { idToken } = await issueIdToken(keys, audience, subject, clock);
    expect(await createIdTokenVerifier(keys, audience, clock)(idToken)).toMatchObject({ sub: subject.userId, sid: subject.sessionId });
  });

  it('remembers a verified token only until it expires, and never a failure', async () => {
    const verify = createIdTokenVerifier(keys, audience, clock);
    const { idToken } = await issueIdToken(keys, audience, subject, clock);
    const first = await verify(idToken);
    expect(await verify(idToken)).toBe(first);
    clock.advance(idTokenLifetimeSeconds * 1000 - 1000);
    expect(await verify(idToken)).toBe(first);
    clock.advance(1000);
    await expect(verify(idToken)).rejects.toThrow();
    await expect(verify(idToken)).rejects.toThrow();
    const tampered = `${idToken.slice(0, -2)}AA`;
    await expect(verify(tampered)).rejects.toThrow();
  });

});
