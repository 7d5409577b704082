import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const localTokenFile = (dataDir: string) => path.join(dataDir, 'local-admin-token');

/**
 * A secret written into DATA_DIR at every start, readable only by the server's user. Tools on the
 * same machine (`npm run demo`) prove with it that they may act for the installation: whoever can
 * read DATA_DIR can read every database in it anyway.
 */
export function writeLocalToken(dataDir: string): (presented: string | undefined) => boolean {
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(dataDir, { recursive: true });
  const file = localTokenFile(dataDir);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, token, { mode: 0o600 });
  fs.renameSync(temporary, file);
  const expected = Buffer.from(token);
  return (presented) => {
    if (!presented) return false;
    const given = Buffer.from(presented);
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
}
