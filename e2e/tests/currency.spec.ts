import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolationsInBothSchemes } from '../support/accessibility';
import { createProject, signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';
import { closeToast } from '../support/toasts';

// Issue 21: purchases in USD, JPY and EUR through the real ingestion endpoint. Without rates the
// revenue page counts the USD ones and says the others are not counted; a rate set in the project
// settings brings its purchases in, converted, and its note goes.

/** Nothing left loading and two frames drawn since (charts followed the resize or scheme change). */
async function settled(target: Page) {
  await expect(target.locator('main .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
  await expect(target.getByText('Updating figures for the new view...')).toHaveCount(0);
  await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

test('a rate set in the settings converts its purchases, and the revenue page stops saying they are left out', async ({ page, request }) => {
  test.setTimeout(180_000);
  await signUpWithOrganisation(page, { email: uniqueEmail('currency'), organisation: 'Pixel Forge', firstName: 'Ada', lastName: 'Lovelace' });
  const project = await createProject(page, 'Moon Miners');
  const nav = page.getByRole('navigation', { name: 'Project' });

  await nav.getByRole('link', { name: 'Developer' }).click();
  const row = page.getByRole('list', { name: 'Ingestion keys' }).getByRole('listitem').filter({ hasText: 'Default' });
  const key = ((await row.locator('code').textContent()) ?? '').trim();
  // Yesterday (or the day before): a complete day, which the overview's cards cover (ADR 010,
  // incomplete buckets), whatever the hour the test runs.
  const at = new Date(Date.now() - 25 * 60 * 60_000).toISOString();
  const purchase = (user: string, amount: number, currency: string) => ({
    insert_id: randomUUID(),
    name: 'purchase',
    user_id: user,
    timestamp: at,
    revenue_amount: amount,
    currency,
    product_id: 'gems',
  });
  const sent = await request.post('/ingest/v1/batch', {
    headers: { 'X-Ingest-Key': key },
    data: { events: [purchase('ada', 4.99, 'USD'), purchase('ben', 1000, 'JPY'), purchase('ben', 500, 'JPY'), purchase('cy', 10, 'EUR')] },
  });
  // Accepted whatever the currency: a missing rate is the pages' concern, not the game's.
  expect(await sent.json()).toEqual({ accepted: 4, rejected: [] });

  await nav.getByRole('link', { name: 'Revenue Optimisation' }).click();
  const revenue = page.getByRole('group', { name: 'Revenue', exact: true }).getByTestId('metric-value');
  await expect(revenue).toHaveText('USD 4.99');
  const note = page.getByRole('note', { name: 'Purchases not counted' });
  await expect(note).toContainText('2 purchases in JPY are not counted: add a rate');
  await expect(note).toContainText('1 purchase in EUR is not counted: add a rate');
  await closeToast(page, 'Project created');
  await settled(page);
  await expectNoAxeViolationsInBothSchemes(page, 'the purchases not counted note', { include: '[role="note"]' });
  await shoot(page, 'currency-revenue-not-counted', { settled });

  // The overview and a player's profile say the same.
  await nav.getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('group', { name: 'Revenue', exact: true }).getByTestId('metric-value')).toHaveText('USD 4.99');
  await expect(note).toContainText('2 purchases in JPY are not counted: add a rate');
  await settled(page);
  await shoot(page, 'currency-overview-not-counted', { settled });
  await page.goto(`/project/${project}/player-insights?player=ben`);
  const profile = page.getByRole('region', { name: 'Player ben' });
  await expect(profile.getByRole('note', { name: 'Purchases not counted' })).toContainText('2 purchases in JPY are not counted: add a rate');
  await expect(profile.getByText('Revenue', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('None');
  await settled(page);
  await profile.scrollIntoViewIfNeeded();
  await shoot(page, 'currency-player-not-counted', { settled });
  await nav.getByRole('link', { name: 'Revenue Optimisation' }).click();

  // "add a rate" opens the settings' currency section.
  await note.getByRole('link', { name: 'Add a rate for JPY' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project}/settings#currency$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Currency' })).toBeFocused();
  const add = page.getByRole('form', { name: 'Add a rate' });
  await add.getByRole('textbox', { name: 'Currency' }).fill('JPY');
  await add.getByRole('textbox', { name: 'Value of 1 JPY in USD' }).fill('0.0067');
  await add.getByRole('button', { name: 'Add rate' }).click();
  const rates = page.getByRole('list', { name: 'Exchange rates' });
  await expect(rates).toContainText('1 JPY = 0.0067 USD');
  // The toast comes once the list has the rate: wait for it, then close it, before the shots.
  await expect(page.getByText('Rate for JPY saved')).toBeVisible();
  await closeToast(page, 'Rate for JPY saved');
  await expectNoAxeViolationsInBothSchemes(page, 'the currency settings', { include: '#currency' });
  await shoot(page, 'currency-settings');

  // 4.99 + 1,500 × 0.0067 = 15.04; the JPY line of the note is gone, the EUR one stays.
  await nav.getByRole('link', { name: 'Revenue Optimisation' }).click();
  await expect(revenue).toHaveText('USD 15.04');
  await expect(note).not.toContainText('JPY');
  await expect(note).toContainText('1 purchase in EUR is not counted: add a rate');

  await nav.getByRole('link', { name: 'Settings' }).click();
  await add.getByRole('textbox', { name: 'Currency' }).fill('eur');
  await add.getByRole('textbox', { name: 'Value of 1 EUR in USD' }).fill('1.08');
  await add.getByRole('button', { name: 'Add rate' }).click();
  await expect(rates).toContainText('1 EUR = 1.08 USD');
  // The toast comes once the list has the rate: wait for it, then close it, before the shots.
  await expect(page.getByText('Rate for EUR saved')).toBeVisible();
  await closeToast(page, 'Rate for EUR saved');

  // 15.04 + 10.80 = 25.84, and no note at all.
  await nav.getByRole('link', { name: 'Revenue Optimisation' }).click();
  await expect(revenue).toHaveText('USD 25.84');
  await expect(note).toHaveCount(0);
  await expect(page.getByText("Amounts in USD, the project's reporting currency", { exact: false })).toBeVisible();
  await settled(page);
  await shoot(page, 'currency-revenue-converted', { settled });
});
