import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from '../support/accessibility';

// The first journey: the product started as `npm start` starts it, seen in a real Chromium.
const shots = path.join(process.cwd(), 'test-results/screenshots');
// The other journeys run with reduced motion (playwright.config.ts); these keep a visitor's default.
test.use({ reducedMotion: 'no-preference' });

function failOnConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the server is up and its databases are ready', async ({ request }) => {
  expect((await request.get('/healthz')).status()).toBe(200);
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', eventStore: 'ok' } });
});

test('/login shows the sign-in page skeleton', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sign in to Questboard');
  const email = page.getByRole('textbox', { name: 'Email address' });
  await expect(email).toBeVisible();
  const send = page.getByRole('button', { name: 'Send Sign-in Link' });
  await expect(send).toBeDisabled();
  await email.fill('   ');
  await expect(send).toBeDisabled();
  await email.fill('player.one@studio.example');
  await expect(send).toBeEnabled();
  await expect(page.getByText('OR', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
  await expect(page).toHaveTitle(/Questboard/);
  expect(errors).toEqual([]);
});

test('protected and unknown paths lead a signed-out visitor to /login', async ({ page }) => {
  for (const start of ['/', '/project/space-miner/overview', '/this/does/not/exist']) {
    await page.goto(start);
    await expect(page, start).toHaveURL(/\/login$/);
  }
});

test('the theme switch changes and remembers the theme without a flash on reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('theme-mode'))).toBe('dark');

  // Hold the app's script back: the stored theme must already be on the page before React runs. The
  // theme script itself (assets/theme-init-<hash>.js, a classic script in <head>) is what sets it.
  const appScripts = /\/assets\/(?!theme-init-)[^/]*\.js$/;
  await page.route(appScripts, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForSelector('html.dark', { state: 'attached', timeout: 900 });
  expect(await page.evaluate(() => document.querySelector('#root')?.childElementCount ?? 0)).toBe(0);
  // The held scripts' handlers may still be waiting; once unrouted, their continue may find the
  // request handled already (seen on a slow machine), which says nothing about the theme.
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

test('the system theme is followed live', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/login');
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('/login works by keyboard alone', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByRole('textbox', { name: 'Email address' });
  for (let i = 0; i < 10 && !(await email.evaluate((el) => el === document.activeElement)); i += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type('a@studio.example');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send Sign-in Link' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeFocused();
});

for (const scheme of ['light', 'dark'] as const) {
  for (const width of [1280, 360]) {
    test(`/login fits ${width} px in ${scheme} mode`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(shots, `login-${scheme}-${width}.png`), fullPage: true });
      await expectNoAxeViolations(page, `/login at ${width} px in the ${scheme} scheme`, { coloursOnly: scheme === 'dark' });
    });
  }
}

test('the interactive API reference renders under the CSP', async ({ page }) => {
  const errors = failOnConsoleErrors(page);
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Questboard API/ })).toBeVisible();
  await expect(page.getByText('/healthz').first()).toBeVisible();
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
  await expectNoAxeViolations(page, '/api/docs');
});
