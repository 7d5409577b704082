import fs from 'node:fs';
import path from 'node:path';

// A killed test run (Ctrl-C, a CI timeout, the out-of-memory killer) never reaches its teardown and
// leaves its folders under the test temp root: PGlite copies, the throwaway PostgreSQL cluster's and
// ClickHouse servers' data. Every folder a test makes there carries the pid of the process that
// made it (`questboard-<kind>-<pid>-XXXXXX`), and the integration run's global set-up removes the
// folders whose owner is no longer alive. Folders whose owner lives (another run's, a run going on
// in another worktree) stay, and so do folders named otherwise (made before this rule, or by
// anything else): nothing tells whose they are.

const kindPattern = /^[a-z]+(?:-[a-z]+)*$/;
const ownedPattern = /^questboard-[a-z]+(?:-[a-z]+)*-(\d+)-[A-Za-z0-9]{6}$/;

/** The start of a folder name (`fs.mkdtempSync` adds six characters) that records `pid` as its owner. */
export function ownedPrefix(kind: string, pid: number): string {
  if (!kindPattern.test(kind)) throw new Error(`a test folder's kind is lower-case words joined by "-", not "${kind}"`);
  if (!Number.isSafeInteger(pid) || pid <= 0) throw new Error(`not a pid: ${pid}`);
  return `questboard-${kind}-${pid}-`;
}

/** The pid a folder name records as its owner, or undefined when the name records none. */
export function ownerOf(name: string): number | undefined {
  const match = ownedPattern.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** The folder names whose recorded owner is not alive; names without an owner are never among them. */
export function leftovers(names: readonly string[], alive: (pid: number) => boolean): string[] {
  return names.filter((name) => {
    const owner = ownerOf(name);
    return owner !== undefined && !alive(owner);
  });
}

/** Whether a process with this pid exists (one of another user's answers EPERM: it exists). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the folders under `root` left by processes that have ended; answers their names. */
export function removeLeftovers(root: string, alive: (pid: number) => boolean = processAlive): string[] {
  const folders = fs.readdirSync(root, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  const removed = leftovers(folders, alive);
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  return removed;
}
