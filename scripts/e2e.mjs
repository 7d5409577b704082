// `npm run test:e2e`: Playwright's runner drives the system Chromium against the product started
// the way `npm start` starts it, on a spare port with a temporary DATA_DIR, with real SMTP and a
// real OpenID provider standing in for Google on loopback.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';
import { findChrome } from './lib/chrome.mjs';
import { freePort } from './lib/free-port.mjs';
import { ensureWebBuild, repoRoot } from './lib/web-build.mjs';

const chrome = findChrome();
if (!chrome) {
  const message = 'No Chromium found (looked at CHROME_PATH, then /usr/bin/chromium).';
  if (process.env.CI) {
    console.error(`${message} CI requires the browser tests: apt-get install -y chromium`);
    process.exit(1);
  }
  const bar = '!'.repeat(100);
  console.error(`\n${bar}\n!! ${message}\n!! SKIPPING every end-to-end browser test. Install it with: apt-get install -y chromium\n${bar}\n`);
  process.exit(0);
}

ensureWebBuild();
register();
const { startStandIns } = await import('../e2e/support/stand-ins.ts');
const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-e2e-'));
const standIns = await startStandIns(appUrl);

const status = await new Promise((resolve) => {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/playwright'), ['test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, ...standIns.env, CHROME_PATH: chrome, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
  });
  child.on('exit', (code) => resolve(code ?? 1));
});
await standIns.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
