import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database allows one process at a time. A second `npm start` on the same DATA_DIR
 * would corrupt it, so the first process holds a lock file naming it; a stale lock (its process
 * is gone) is taken over.
 *
 * Issue 21: a pid alone is not enough, because after a reboot or a crash the pid in a stale lock may
 * belong to some other live process, which then blocked the start for good. The lock also records
 * when its process started (Linux /proc), so a reused pid is told apart from the process that wrote it.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'questboard.lock');
  const mine = JSON.stringify({ pid: process.pid, startedAt: processStartTime(process.pid) });
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, mine, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === mine) fs.unlinkSync(lockPath);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readLock(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder.pid !== process.pid && holdsLock(holder)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another Questboard process (pid ${holder.pid}). Stop it or choose another DATA_DIR.`,
        );
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}.`);
}

export interface LockHolder {
  pid: number;
  /** The process's start time in clock ticks after boot; null where /proc is not available. */
  startedAt: string | null;
  /** Locks written before issue 21 hold only the pid. */
  legacy?: true;
}

/** The lock's contents: `{"pid", "startedAt"}`, or a bare pid from an older version; null if unreadable. */
export function readLock(text: string): LockHolder | null {
  if (/^\d+$/.test(text.trim())) return { pid: Number(text.trim()), startedAt: null, legacy: true };
  try {
    const value = JSON.parse(text) as { pid?: unknown; startedAt?: unknown };
    if (!Number.isInteger(value.pid)) return null;
    return { pid: value.pid as number, startedAt: typeof value.startedAt === 'string' ? value.startedAt : null };
  } catch {
    return null;
  }
}

/** Whether the process that wrote the lock still runs. */
function holdsLock(holder: LockHolder): boolean {
  if (!isAlive(holder.pid)) return false;
  const startedAt = processStartTime(holder.pid);
  if (startedAt === null) return true; // no /proc: the pid is all there is to go by
  if (holder.startedAt !== null) return holder.startedAt === startedAt;
  // An older lock without a start time: only a Node.js process can be Questboard.
  return /(^|\/)node(js)?\0/.test(readProc(holder.pid, 'cmdline') ?? '');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(pid: number, file: string): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks after boot. */
export function processStartTime(pid: number): string | null {
  const stat = readProc(pid, 'stat');
  if (stat === null) return null;
  // The command (field 2) is in parentheses and may hold spaces: count from after it.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}
