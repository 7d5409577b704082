import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './postgres-cluster';
import { repoRoot } from './product-process';

// Issue 21: the product as `npm start` runs it, on a full disk and with a stale DATA_DIR lock.
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function start(dataDir: string, port: number) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), APP_URL: '', SMTP_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitForHealth(port: number, child: ChildProcess) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`http://127.0.0.1:${port}/healthz`).then((response) => response.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

function tempDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

// A disk too small for the embedded database: a 10 MB tmpfs (mounting needs root).
const smallDisk = tempDir('questboard-small-disk-');
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=10m', 'tmpfs', smallDisk]).status === 0;
if (!mounted) process.stderr.write('\n!! Cannot mount a small tmpfs here (needs root): SKIPPING the first start on a full disk.\n\n');
afterAll(() => {
  if (mounted) spawnSync('umount', ['-l', smallDisk]);
});

describe('starting the product', () => {
  it.runIf(mounted)('says why in one line when the disk fills up during the first start', async () => {
    const server = start(path.join(smallDisk, 'data'), await freePort());
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines.at(-1)).toBe(`Questboard could not start: ENOSPC: no space left on device, in the embedded database under DATA_DIR ${path.join(smallDisk, 'data')}`);
    expect(server.stderr()).not.toContain('[object Object]');
  }, 120_000);

  it('starts over a stale lock naming a live process that is not Questboard, and still refuses a second Questboard', async () => {
    const dataDir = tempDir('questboard-stale-lock-');
    const other = spawn('sleep', ['120'], { stdio: 'ignore' });
    children.push(other);
    // A lock from before a reboot whose pid now belongs to something else.
    fs.writeFileSync(path.join(dataDir, 'questboard.lock'), String(other.pid));
    const port = await freePort();
    const first = start(dataDir, port);
    await waitForHealth(port, first.child);

    const second = start(dataDir, await freePort());
    expect(await second.exited).toBe(1);
    expect(second.stderr()).toContain(`is in use by another Questboard process (pid ${first.child.pid})`);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
  }, 240_000);
});
