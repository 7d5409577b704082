import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './postgres-cluster';
import { repoRoot, seedProject, startProduct, stopStartedProcesses, storedEvents, waitForReady } from './product-process';

// `npm run demo -- --project <identifier>` (docs/product/http-contract.md#commands) against a running product.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-demo-cli-'));
afterAll(async () => {
  // A failed test may have left its product running.
  await stopStartedProcesses();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function demo(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/demo.mjs', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run demo', () => {
  it('sends a demo population through the running server, labelled as demo data', async () => {
    const { projectId } = await seedProject(dataDir, 'farm-tales');
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port) };

    const missing = await demo([], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--project <identifier> is required.');
    const down = await demo(['--project', 'farm-tales'], env);
    expect(down.code).toBe(1);
    expect(down.stderr).toMatch(/start the server with `npm start`/);

    const server = startProduct(dataDir, port);
    await waitForReady(`http://127.0.0.1:${port}`);
    try {
      const unknown = await demo(['--project', 'no-such-game'], env);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No project has the identifier "no-such-game".');

      // Each run's population ends at the start of the hour the run began in (demoEnd), so two runs
      // are the same events only when they began in one hour: bounded by the hour before and after each.
      const hourNow = () => Math.floor(Date.now() / 3_600_000);
      const beforeFirst = hourNow();
      const sent = await demo(['--project', 'farm-tales', '--players', '150'], env);
      const afterFirst = hourNow();
      expect(sent.stderr).not.toContain('npm run demo:');
      expect(sent.code).toBe(0);
      const count = Number(/Sent ([\d,]+) demo events \(150 players over 90 days\) to "farm-tales"/.exec(sent.stdout)?.[1]?.replaceAll(',', ''));
      expect(count).toBeGreaterThan(1000);

      // The same population again (begun within the same hour) is the same events: stored once.
      const beforeSecond = hourNow();
      expect((await demo(['--project', 'farm-tales', '--players', '150'], env)).code).toBe(0);
      const afterSecond = hourNow();
      server.child.kill('SIGTERM');
      await server.exited;
      const events = await storedEvents(dataDir, projectId);
      if (beforeFirst === afterSecond) expect(events).toHaveLength(count);
      else if (afterFirst < beforeSecond) expect(events).toHaveLength(2 * count);
      // An hour began while a run was under way: either is right.
      else expect([count, 2 * count]).toContain(events.length);
      expect(events.every((event) => event.demo)).toBe(true);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 240_000);
});
