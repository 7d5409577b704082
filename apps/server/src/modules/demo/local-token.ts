import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const localTokenFile = (dataDir: string) => path.join(dataDir, 'local-admin-token');

export const localTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

export interface LocalToken {
  /** Whether the presented token is this process's. */
  matches(presented: string | undefined): boolean;
  /** Its SHA-256: what other processes on the same PostgreSQL check a token against (ADR 032). */
  hash: string;
}

/**
 * A secret written into DATA_DIR at every start, readable only by the server's user. Tools on the
 * same machine (`npm run demo`) prove with it that they may act for the installation: whoever can
 * read DATA_DIR can read every database in it anyway.
 */
export function writeLocalToken(dataDir: string): LocalToken {
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  const file = localTokenFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, token, { mode: 0o600 });
  fs.renameSync(temporary, file);
  const expected = Buffer.from(token);
  return {
    matches: (presented) => {
      if (!presented) return false;
      const given = Buffer.from(presented);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
    hash: localTokenHash(token),
  };
}
