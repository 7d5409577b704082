import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database allows one process at a time. A second `npm start` on the same DATA_DIR
 * would corrupt it, so the first process holds a lock file with its pid; a stale lock (its process
 * is gone) is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'questboard.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Questboard process (pid ${holder}). Stop it or choose another DATA_DIR.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
