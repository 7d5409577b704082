import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './postgres-cluster';

// The product as `npm start` runs it: scripts/start.mjs in its own Node process.
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-process-'));

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stderr: () => stderr };
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the product process', () => {
  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT must be a whole number from 1 to 65535 \(got "abc"\)\.$/],
    ['PORT', '70000', /^Invalid configuration: PORT must be a whole number from 1 to 65535/],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL must be one of/],
    // Issue 21: behind a proxy every visitor arrives from loopback, so the dev mailbox needs a loopback APP_URL.
    ['APP_URL', 'https://qb.studio.example', /^Invalid configuration: SMTP_URL must be set when APP_URL is not a loopback address .*sign-in links/],
  ])('refuses to start with %s=%s, saying so in one line', async (name, value, expected) => {
    const server = start({ [name]: value });
    expect(await server.exited).toBe(1);
    const lines = server.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
  });

  it('serves, exits 0 within 5 s of SIGTERM, and keeps its data across a restart', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;

    const first = start({ PORT: String(port) });
    await waitForHealth(base, first.child);
    const before = (await (await fetch(`${base}/api/system/status`)).json()) as { instanceId: string };
    const page = await fetch(`${base}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');

    const signalledAt = Date.now();
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5000);

    const second = start({ PORT: String(port) });
    await waitForHealth(base, second.child);
    const after = (await (await fetch(`${base}/api/system/status`)).json()) as { instanceId: string };
    expect(after.instanceId).toBe(before.instanceId);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
