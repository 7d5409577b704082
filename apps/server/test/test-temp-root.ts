import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownedPrefix } from './test-leftovers';

// Every integration test copies a 39 MB PGlite DATA_DIR and removes it again. On the RAM-backed
// /dev/shm a copy costs about a fifth of the CPU it costs on disk, and no write-back follows it
// (ADR 018). A small /dev/shm (Docker gives 64 MB) or none falls back to the temp folder.
const enoughBytes = 2 * 1024 ** 3;

function ramFolder(): string | undefined {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    const space = fs.statfsSync('/dev/shm');
    return space.bavail * space.bsize >= enoughBytes ? '/dev/shm' : undefined;
  } catch {
    return undefined;
  }
}

/** The folder test databases (PGlite copies, DuckDB files, the PostgreSQL cluster) are made in. */
export const testTempRoot: string = ramFolder() ?? os.tmpdir();

/**
 * A new folder under testTempRoot for one test database or server, its name recording this process
 * as its owner, so a later run removes it if this one is killed first (test-leftovers.ts).
 */
export function makeTestFolder(kind: string): string {
  return fs.mkdtempSync(path.join(testTempRoot, ownedPrefix(kind, process.pid)));
}
