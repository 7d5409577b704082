import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/accessibility';

// Issue 3: a page chunk that cannot load (a deploy replaced it) reloads the page once, then shows
// the error screen; 'Try Again' recovers once the chunk can be fetched again.
test('a failing page chunk reloads once, shows the error screen, and Try Again recovers', async ({ page }) => {
  let blocked = true;
  let attempts = 0;
  await page.route(/\/assets\/login-[\w-]+\.js$/, async (route) => {
    if (!blocked) return route.continue();
    attempts += 1;
    return route.abort('failed');
  });
  let loads = 0;
  page.on('load', () => (loads += 1));

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 });
  await expect(
    page.getByText('We encountered an unexpected error. Please try again or sign out and back in if the problem persists.'),
  ).toBeVisible();
  expect(loads).toBe(2);
  expect(attempts).toBe(2);
  await expect(page.getByRole('button', { name: 'Reload Page' })).toBeVisible();
  await expectNoAxeViolationsInBothSchemes(page, 'the error screen');

  blocked = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Questboard' })).toBeVisible();
});
