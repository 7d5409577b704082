import { expect, test, type Page } from '@playwright/test';
import { axeOn, colourRules, wcagTags } from '../support/accessibility';

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

// A screen's second scheme runs only the rules colours decide (ADR 018, seventh revision): they must
// find what only that scheme gets wrong.
const darkOnly = `<!doctype html><html lang="en"><head><title>Dark</title><style>
  body { background: #fff; color: #111 }
  @media (prefers-color-scheme: dark) { body { background: #222 } p.note { color: #444 } }
</style></head><body><main>
  <p class="note">Only pale in the dark</p>
  <input type="text">
</main></body></html>`;

test('the colour rules alone find what only the dark scheme gets wrong', async ({ page }) => {
  const colourViolations = async () => (await axeOn(page).withRules(colourRules).analyze()).violations.map((violation) => violation.id).sort();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setContent(darkOnly);
  expect(await colourViolations()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await colourViolations()).toEqual(['color-contrast']);
  // The unlabelled field is for the full run, which the light scheme gets.
  expect(await violationIds(page)).toEqual(['color-contrast', 'label']);
});
