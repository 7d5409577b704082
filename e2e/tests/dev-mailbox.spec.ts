import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/accessibility';
import { shoot } from '../support/screenshots';

// Issue 4, "tried as a new user would": `npm start` with no configuration at all. Mail goes to the
// dev mailbox: the link is in the server log and at /dev/mailbox, and following it signs you in.
const repoRoot = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let log = '';
let base = '';
let dataDir = '';

test.beforeAll(async () => {
  const port = await freePort();
  base = `http://localhost:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-unconfigured-'));
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(SMTP_URL|MAIL_FROM|GOOGLE_|APP_URL|E2E_)/.test(key)),
  );
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await expect.poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200);
});

test.afterAll(async () => {
  server?.kill('SIGTERM');
  await new Promise((resolve) => server?.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('without SMTP_URL the link is in the log and the dev mailbox, and it signs you in', async ({ page }) => {
  expect(log).toContain('SMTP_URL is not set');
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Email address' }).fill('first.user@studio.example');
  await page.getByRole('button', { name: 'Send Sign-in Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  // The screen says where the link went (issue 21).
  await expect(page.getByText(/No mail server is set up, so the link was not e-mailed/)).toBeVisible();
  await shoot(page, 'check-email-dev-mailbox');

  await expect.poll(() => log.includes('dev mailbox: mail to first.user@studio.example')).toBe(true);
  const logged = /(http:\/\/localhost:\d+\/auth\/callback\?[^"\s\\]+)/.exec(log)?.[1];
  expect(logged).toContain('mode=signIn');

  await page.getByRole('link', { name: 'dev mailbox' }).click();
  await expect(page).toHaveURL(`${base}/dev/mailbox`);
  await expect(page.getByRole('heading', { name: 'Dev mailbox' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, '/dev/mailbox', { appPage: false });
  await expect(page.getByText('Sign in to Questboard').first()).toBeVisible();
  const link = page.getByRole('link', { name: /\/auth\/callback\?/ }).first();
  expect(await link.getAttribute('href')).toBe(logged);
  await link.click();
  await expect(page.getByRole('button', { name: 'Account: first.user@studio.example' })).toBeVisible();
});
