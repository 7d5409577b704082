import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

// Run through `npm run test:e2e` (scripts/e2e.mjs), which finds Chromium, picks a spare port and a
// temporary DATA_DIR, and makes sure the web app is built.
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests',
  outputDir: path.join(repoRoot, 'test-results/e2e'),
  fullyParallel: false,
  // Two workers share one product: every test signs up its own people and organisation, so files
  // never see each other's data. Three were tried: on CI's two cores a delete-all and an invitation's
  // acceptance then took over 5 s and two journeys failed (ADR 018).
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  // Ten seconds for a page to show what a step leads to: with the experiments, funnels and game-design
  // journeys' demo loads beside the others, a sign-up's profile step and a retention delete each
  // took over 5 s in CI while another journey loaded or removed demo data on the same server.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, 'test-results/e2e-report.json') }]],
  use: {
    baseURL,
    // Journeys run as a visitor who asked for less motion, which the app honours (skeletons stop
    // pulsing, spinners and charts stop animating): a pulsing skeleton or the live check's ping
    // otherwise has Chromium composite frames for as long as a page is open, and on two cores that
    // was a fifth of a journey's CPU (ADR 018, fifth revision). foundation.spec.ts keeps the default.
    reducedMotion: 'reduce',
    // A failed journey keeps its trace: every action with the page's DOM before and after it, and
    // the network. Without the screencast: its frames, encoded whenever the page changed, were a
    // quarter of the journeys' CPU (ADR 018, sixth revision); the trace viewer draws each step from
    // its DOM snapshot, and the failure's own screenshot is kept below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /first-request\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // Issue 20's measurement of the overview's first request runs once every journey has finished,
    // so no other worker's journey (a 2,000-player demo load, say) shares the two cores with the page
    // it measures: the figure it prints is the page's, not the harness's (ADR 024, amendment 6). A
    // project's dependencies always run first: `--no-deps` runs this file on its own.
    {
      name: 'first request',
      testMatch: /first-request\.spec\.ts$/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: 'node scripts/start.cjs',
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? path.join(repoRoot, '.tmp/e2e-data'),
      LOG_LEVEL: 'warn',
      // Set by scripts/e2e.mjs: the SMTP catcher and the Google stand-in.
      SMTP_URL: process.env.SMTP_URL ?? '',
      MAIL_FROM: process.env.MAIL_FROM ?? '',
      GOOGLE_ISSUER: process.env.GOOGLE_ISSUER ?? '',
      GOOGLE_CLIENT_ID: process.env.GOOGLE_CLIENT_ID ?? '',
      GOOGLE_CLIENT_SECRET: process.env.GOOGLE_CLIENT_SECRET ?? '',
      SUPPORT_EMAIL: process.env.SUPPORT_EMAIL ?? '',
    },
  },
});
