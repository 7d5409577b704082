import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { createProject, signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';
import { closeToast } from '../support/toasts';

// The billing page: what a project and its organisation use, and the monthly event quota. Events
// go in through the ingestion endpoint with the project's key (read from its developer page); a
// quota equal to what was sent makes the next event a 429 and the page warns after a reload.

/** The figure under `label` in the stats card named `scope`. */
const figure = (page: Page, scope: string, label: string) =>
  page
    .getByRole('region', { name: scope })
    .locator('div', { has: page.locator('dt', { hasText: label }) })
    .locator('dd')
    .first();

test('usage figures of events sent, a quota that fills up, and ingestion refused past it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpWithOrganisation(page, { email: uniqueEmail('billing'), organisation: 'Pixel Forge', firstName: 'Ada', lastName: 'Lovelace' });
  await createProject(page, 'Star Harvest', 'Star Harvest is a game for the billing page journey. '.repeat(4).trim());
  const nav = page.getByRole('navigation', { name: 'Project' });

  // The project's key, as a developer copies it from the developer page.
  await nav.getByRole('link', { name: 'Developer' }).click();
  const row = page.getByRole('list', { name: 'Ingestion keys' }).getByRole('listitem').filter({ hasText: 'Default' });
  const key = ((await row.locator('code').textContent()) ?? '').trim();
  expect(key).toMatch(/^qbk_[\w-]{20,}$/);
  const send = (players: string[]) =>
    request.post('/ingest/v1/batch', {
      headers: { 'X-Ingest-Key': key },
      data: {
        events: players.map((player) => ({
          insert_id: randomUUID(),
          name: 'level_complete',
          user_id: player,
          timestamp: new Date().toISOString(),
        })),
      },
    });
  const sent = await send(['e2e-ada', 'e2e-ada', 'e2e-grace']);
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: 3, rejected: [] });

  await nav.getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  // The screenshots show the page, not the toast of the project created a moment ago.
  await closeToast(page, 'Project created');
  await expect(
    page.getByText('Questboard is self-hosted, so there is nothing to pay: no payment is taken.'),
  ).toBeVisible();
  await expect(figure(page, 'This project', 'Events today')).toHaveText('3');
  await expect(figure(page, 'This project', 'Events this month')).toHaveText('3');
  await expect(figure(page, 'This project', 'Monthly active players')).toHaveText('2');
  await expect(figure(page, 'This project', 'Storage')).toHaveText(/^\d[\d.,]* (B|KB|MB)$/);
  await expect(figure(page, 'Organisation', 'Events this month')).toHaveText('3');
  const projects = page.getByRole('table', { name: 'Usage per project this month' });
  await expect(projects.getByRole('row').filter({ hasText: 'Star Harvest' })).toContainText('This project');
  await expect(page.getByRole('region', { name: 'Events per day' }).getByRole('img')).toHaveAccessibleName(
    /^3 events received from /,
  );
  const quota = page.getByRole('region', { name: 'Monthly event quota' });
  await expect(quota).toContainText('No monthly quota.');
  await shoot(page, 'billing-no-quota');

  // The owner caps the month at what was sent: the quota is used up.
  const field = quota.getByRole('textbox', { name: 'Events per month' });
  await field.fill('0');
  await field.blur();
  await expect(field).toHaveAccessibleDescription(
    /^The quota must be a whole number of events from 1 to 2,000,000,000/,
  );
  await field.fill('3');
  await quota.getByRole('button', { name: 'Save quota' }).click();
  await expect(page.getByText('Monthly quota saved')).toBeVisible();
  await expect(quota.getByRole('progressbar', { name: 'Events this month' })).toHaveAttribute('aria-valuenow', '100');

  const refused = await send(['e2e-linus']);
  expect(refused.status()).toBe(429);
  expect(await refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });

  await page.reload();
  const warning = page.getByRole('region', { name: 'Monthly event quota' }).getByRole('alert');
  await expect(warning).toContainText(
    'The monthly quota is used up. Ingestion refuses new events from every project until',
  );
  await expect(page.getByRole('region', { name: 'Monthly event quota' })).toContainText('3 of 3 events (100%)');
  await expect(figure(page, 'Organisation', 'Events this month')).toHaveText('3');
  await shoot(page, 'billing-quota-used-up');

  // Removing the quota lets games send again.
  await page.getByRole('button', { name: 'Remove quota' }).click();
  await expect(page.getByText('Monthly quota removed')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Monthly event quota' }).getByRole('alert')).toHaveCount(0);
  expect((await send(['e2e-linus'])).status()).toBe(200);
});
