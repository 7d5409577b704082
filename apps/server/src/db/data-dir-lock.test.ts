import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, processStartTime, readLock } from './data-dir-lock';

// Real lock files and real processes: a live process that is not Questboard (a pid reused after a
// crash or reboot) must not block the start (issue 21); a live Questboard still does.
const children: ChildProcess[] = [];
const dirs: string[] = [];

function live(command: string, args: string[]): number {
  const child = spawn(command, args, { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}
const liveNode = () => live(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
const liveOther = () => live('sleep', ['30']);

function dataDirWithLock(content: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-lock-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'questboard.lock'), content);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const onLinux = fs.existsSync('/proc/self/stat');

describe('the DATA_DIR lock', () => {
  it('records its pid and start time, and removes only its own lock on release', () => {
    const dir = dataDirWithLock('');
    fs.rmSync(path.join(dir, 'questboard.lock'));
    const release = acquireDataDirLock(dir);
    expect(readLock(fs.readFileSync(path.join(dir, 'questboard.lock'), 'utf8'))).toEqual({ pid: process.pid, startedAt: processStartTime(process.pid) });
    release();
    expect(fs.existsSync(path.join(dir, 'questboard.lock'))).toBe(false);
  });

  it('refuses while the Questboard process that wrote the lock runs', () => {
    const pid = liveNode();
    const dir = dataDirWithLock(JSON.stringify({ pid, startedAt: processStartTime(pid) }));
    expect(() => acquireDataDirLock(dir)).toThrow(`DATA_DIR ${dir} is in use by another Questboard process (pid ${pid}). Stop it or choose another DATA_DIR.`);
  });

  it.runIf(onLinux)('takes over a lock whose pid now belongs to another process (started at another time)', () => {
    const pid = liveOther();
    const dir = dataDirWithLock(JSON.stringify({ pid, startedAt: '1' }));
    const release = acquireDataDirLock(dir);
    expect(readLock(fs.readFileSync(path.join(dir, 'questboard.lock'), 'utf8'))?.pid).toBe(process.pid);
    release();
  });

  it.runIf(onLinux)('takes over an older bare-pid lock naming a live process that is not Node.js', () => {
    const dir = dataDirWithLock(String(liveOther()));
    acquireDataDirLock(dir)();
  });

  it.runIf(onLinux)('still refuses an older bare-pid lock naming a live Node.js process', async () => {
    const pid = liveNode();
    // Until the child has exec'd, its command line is still its parent's.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(() => acquireDataDirLock(dataDirWithLock(String(pid)))).toThrow(`in use by another Questboard process (pid ${pid})`);
  });

  it('takes over a lock whose process is gone, and an unreadable one', () => {
    const dir = dataDirWithLock(JSON.stringify({ pid: 2 ** 22 + 12_345, startedAt: '1' }));
    acquireDataDirLock(dir)();
    acquireDataDirLock(dataDirWithLock('not a lock'))();
  });
});
