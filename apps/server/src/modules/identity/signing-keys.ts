import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Clock } from '../../lib/clock';

// ES256 signing keys live in DATA_DIR/keys (docs/product/http-contract.md#configuration). The newest key signs; keys it replaced
// stay published in the JWKS for a day so tokens they signed (15 minutes) verify until they expire.

// With DATABASE_URL they live in PostgreSQL instead, shared by every process (shared-signing-keys.ts, ADR 032).

const dayMs = 24 * 60 * 60 * 1000;
export const rotateAfterMs = 90 * dayMs;
export const retiredOverlapMs = dayMs;

export interface StoredKey {
  kid: string;
  createdAt: string;
  retiredAt?: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

export interface SigningKeys {
  kid: string;
  privateKey: CryptoKey;
  /** Every key tokens may still be signed with: the JWKS document. */
  jwks: { keys: JWK[] };
  /** Shared keys only: reads them again when a token names an unknown key; true when they changed. */
  reloadForUnknownKey?(): Promise<boolean>;
}

const keyFile = (dataDir: string) => path.join(dataDir, 'keys', 'signing-keys.json');

export async function newSigningKey(now: Date): Promise<StoredKey> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomBytes(12).toString('base64url');
  return {
    kid,
    createdAt: now.toISOString(),
    privateJwk: await exportJWK(privateKey),
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
  };
}

/** The keys DATA_DIR/keys holds (none when the file is missing); `npm run migrate-store` carries them to PostgreSQL (ADR 035). */
export function readKeys(dataDir: string): StoredKey[] {
  const file = keyFile(dataDir);
  if (!fs.existsSync(file)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { keys: StoredKey[] }).keys;
}

function writeKeys(dataDir: string, keys: StoredKey[]) {
  const file = keyFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify({ keys }, null, 2), { mode: 0o600 });
  fs.renameSync(temporary, file);
}

/** Adds a new signing key and retires the current one (it keeps verifying for a day). */
export async function rotateSigningKeys(dataDir: string, clock: Clock): Promise<string> {
  const now = clock.now();
  const keys = readKeys(dataDir).map((key) => (key.retiredAt ? key : { ...key, retiredAt: now.toISOString() }));
  const key = await newSigningKey(now);
  writeKeys(dataDir, [key, ...keys]);
  return key.kid;
}

/** Loads the keys, creating the first on first start and rotating one older than 90 days. */
export async function loadSigningKeys(dataDir: string, clock: Clock): Promise<SigningKeys> {
  const now = clock.now().getTime();
  let keys = readKeys(dataDir);
  const active = keys.find((key) => !key.retiredAt);
  if (!active || now - Date.parse(active.createdAt) > rotateAfterMs) {
    await rotateSigningKeys(dataDir, clock);
    keys = readKeys(dataDir);
  }
  const published = keys.filter((key) => !key.retiredAt || now - Date.parse(key.retiredAt) < retiredOverlapMs);
  if (published.length !== keys.length) writeKeys(dataDir, published);
  const current = published.find((key) => !key.retiredAt);
  if (!current) throw new Error('No active signing key.');
  return {
    kid: current.kid,
    privateKey: (await importJWK(current.privateJwk, 'ES256')) as CryptoKey,
    jwks: { keys: published.map((key) => key.publicJwk) },
  };
}
