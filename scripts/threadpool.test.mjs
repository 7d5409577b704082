// The thread pool is sized before anything uses it (ADR 034). The probe holds four pool threads the
// way four long DuckDB queries do (each waits to open a FIFO nobody writes to, without using the
// CPU), then times a file stat, which needs a pool thread too. With Node's default pool of four
// the stat waits until the FIFOs are released; sized by threadpool.cjs it answers at once.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const scripts = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(scripts);
const dir = mkdtempSync(path.join(tmpdir(), 'questboard-threadpool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const probe = `
const fs = require('node:fs');
const fifos = [0, 1, 2, 3].map((i) => require('node:path').join(process.argv[1], 'fifo' + i));
const held = fifos.map((fifo) => fs.promises.open(fifo, 'r'));
setTimeout(() => {
  const started = performance.now();
  fs.promises.stat(__filename === '[eval]' ? process.argv[1] : __filename).then(() => {
    console.log(JSON.stringify({ statMs: performance.now() - started, pool: process.env.UV_THREADPOOL_SIZE ?? null }));
    for (const fifo of fifos) fs.closeSync(fs.openSync(fifo, 'w'));
    Promise.all(held).then((handles) => Promise.all(handles.map((handle) => handle.close())));
  });
  // Without a free thread the stat never starts: release the FIFOs after 1.5 s so the probe ends.
  setTimeout(() => { for (const fifo of fifos) fs.closeSync(fs.openSync(fifo, 'w')); }, 1500).unref();
}, 200);
`;

function run(args, name) {
  const fifoDir = path.join(dir, name);
  execFileSync('mkdir', ['-p', fifoDir]);
  for (const i of [0, 1, 2, 3]) execFileSync('mkfifo', [path.join(fifoDir, `fifo${i}`)]);
  const env = { ...process.env };
  delete env.UV_THREADPOOL_SIZE;
  const result = spawnSync(process.execPath, [...args, '-e', probe, fifoDir], { cwd: repoRoot, env, encoding: 'utf8', timeout: 20_000 });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout.trim());
}

describe('the thread pool (ADR 034)', () => {
  it("waits behind four held threads with Node's default pool (the probe's premise)", () => {
    const { statMs, pool } = run([], 'default');
    expect(pool).toBeNull();
    expect(statMs).toBeGreaterThan(1000);
  });

  it('answers at once when threadpool.cjs sized the pool first', () => {
    const { statMs, pool } = run(['-r', './scripts/threadpool.cjs'], 'sized');
    expect(pool).toBe('16');
    expect(statMs).toBeLessThan(1000);
  });

  it('sizes the pool on every way the server starts', () => {
    const rootScripts = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')).scripts;
    expect(rootScripts.start).toBe('node scripts/start.cjs');
    expect(readFileSync(path.join(scripts, 'start.cjs'), 'utf8')).toMatch(/^require\('\.\/threadpool\.cjs'\);$/mu);
    expect(JSON.parse(readFileSync(path.join(repoRoot, 'apps/server/package.json'), 'utf8')).scripts.start).toContain('-r ../../scripts/threadpool.cjs');
    expect(readFileSync(path.join(scripts, 'dev.mjs'), 'utf8')).toContain("('./threadpool.cjs')");
    expect(readFileSync(path.join(repoRoot, 'e2e/playwright.config.ts'), 'utf8')).toContain("command: 'node scripts/start.cjs'");
  });
});
