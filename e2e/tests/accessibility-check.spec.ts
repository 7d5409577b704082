import { expect, test, type Page } from '@playwright/test';
import { axeOn, wcagTags } from '../support/accessibility';

// The journeys' accessibility check itself (ADR 018, fifth revision): axe injected once per
// document, run in legacy mode and reporting violations only must still find what is wrong, in a
// page it has already checked and in the next document.
const broken = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <p style="color:#bbb;background:#fff">Pale text</p>
  <input type="text">
</main></body></html>`;

async function violationIds(page: Page) {
  const { violations } = await axeOn(page).withTags(wcagTags).analyze();
  return violations.map((violation) => violation.id).sort();
}

test('the accessibility check finds violations, again in the same document and in the next one', async ({ page }) => {
  await page.setContent(broken);
  expect(await violationIds(page)).toEqual(['color-contrast', 'label']);
  // Fixed in place: the same axe, already in the page, sees the change.
  await page.locator('input').evaluate((input) => input.setAttribute('aria-label', 'Name'));
  expect(await violationIds(page)).toEqual(['color-contrast']);
  // A new document gets axe again.
  await page.goto('/login');
  expect(await page.evaluate(() => typeof (window as { axe?: unknown }).axe)).toBe('undefined');
  expect(await violationIds(page)).toEqual([]);
  await page.setContent(broken);
  expect(await violationIds(page)).toEqual(['color-contrast', 'label']);
});
