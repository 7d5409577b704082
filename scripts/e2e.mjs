// `npm run test:e2e`: Playwright's runner drives the system Chromium against the product started
// the way `npm start` starts it, on a spare port with a temporary DATA_DIR.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
const port = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-e2e-'));
const result = spawnSync(
  path.join(repoRoot, 'node_modules/.bin/playwright'),
  ['test', '--config', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chrome, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
  },
);
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
