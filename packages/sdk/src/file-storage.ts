import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PersistedState, QuestboardStorage } from './types';

export interface FileStorageOptions {
  /** The JSON file; its folder is created when missing. */
  path: string;
}

/**
 * A file under the system's temporary folder, one per ingestion key so two games on one machine never
 * mix their players or queues. A game should pass a folder of its own (its save-game folder): some
 * systems empty the temporary folder at boot.
 */
export function defaultFileStoragePath(ingestKey: string): string {
  const digest = createHash('sha256').update(ingestKey).digest('hex').slice(0, 16);
  return path.join(tmpdir(), 'questboard', `${digest}.json`);
}

let writes = 0;

/**
 * Node's storage: the state as one JSON file. Each save writes a temporary file beside it, flushes it
 * to disk and renames it over the old one, so a crash mid-write leaves the previous state, never half
 * of one.
 */
export function createFileStorage({ path: file }: FileStorageOptions): QuestboardStorage {
  return {
    // Synchronous, once at start: the SDK needs the player's ids before the game's first event.
    load() {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as PersistedState;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async save(state) {
      const text = JSON.stringify(state);
      writes += 1;
      const temporary = `${file}.${process.pid}.${writes}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        const handle = await open(temporary, 'w');
        try {
          await handle.writeFile(text, 'utf8');
          await handle.datasync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
  };
}
