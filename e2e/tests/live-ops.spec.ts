import { expect, test, type Page } from '@playwright/test';
import { rolloutBucket } from '@questboard/shared/live-rollout';
import { createProject, signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';

// Live ops (issue 15), one journey: keys, a 50% rule, publish, two players who get different
// values, a live event, the "used by a live event" question, and a rollback.

const utcField = (date: Date) => date.toISOString().slice(0, 16);
const DAY = 24 * 60 * 60 * 1000;

/** Two player ids on either side of a 50% rollout with this salt: bucket below 5000 is in. */
function playersAround(salt: string): { inside: string; outside: string } {
  const ids = Array.from({ length: 100 }, (_, index) => `player-${index + 1}`);
  const inside = ids.find((id) => rolloutBucket(id, salt) < 5000);
  const outside = ids.find((id) => rolloutBucket(id, salt) >= 5000);
  if (!inside || !outside) throw new Error(`no players on both sides of salt ${salt}`);
  return { inside, outside };
}

async function previewAs(page: Page, userId: string) {
  const preview = page.getByRole('form', { name: 'Preview as player' });
  await preview.getByRole('textbox', { name: 'Player id' }).fill(userId);
  await preview.getByRole('button', { name: 'Preview' }).click();
  return page.getByRole('table', { name: 'Preview values' });
}

const valueOf = (table: ReturnType<Page['getByRole']>, key: string) => table.getByRole('row').filter({ hasText: key }).getByRole('cell').nth(1);

test('keys, a 50% rule, publish, two players, a live event and a rollback', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpWithOrganisation(page, { email: uniqueEmail('live-ops'), organisation: 'Moon Forge', firstName: 'Grace', lastName: 'Hopper', via: 'google' });
  await createProject(page, 'Lunar Loot');
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Live Ops' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live Ops' })).toBeVisible();
  await expect(page.getByText('Nothing published yet: games get their fallbacks.')).toBeVisible();

  // A number key; the shared messages show next to the fields first.
  await page.getByRole('button', { name: 'New key' }).click();
  let editor = page.getByRole('form', { name: 'New key' });
  await editor.getByRole('textbox', { name: 'Key name' }).fill('shop discount');
  await editor.getByRole('combobox', { name: 'Type' }).selectOption('number');
  await editor.getByRole('button', { name: 'Add key' }).click();
  await expect(editor.getByText('A key name may only contain letters, digits, _, . and -')).toBeVisible();
  await expect(editor.getByText('A value is required')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Key name' }).fill('shop.discount');
  await editor.getByRole('textbox', { name: 'Default value' }).fill('0.1');
  await editor.getByRole('button', { name: 'Add key' }).click();
  await expect(page.getByText('Key "shop.discount" added to the draft')).toBeVisible();

  // A boolean key with a 50% rule: the draft the page reads back carries the rule's salt.
  await page.getByRole('button', { name: 'New key' }).click();
  editor = page.getByRole('form', { name: 'New key' });
  await editor.getByRole('textbox', { name: 'Key name' }).fill('new_shop');
  await editor.getByRole('combobox', { name: 'Type' }).selectOption('boolean');
  await editor.getByRole('textbox', { name: 'Description' }).fill('The redesigned shop screen');
  await editor.getByRole('button', { name: 'Add rule' }).click();
  await editor.getByRole('textbox', { name: 'Rollout (%)' }).fill('50');
  await editor.getByRole('combobox', { name: 'Rule 1 value' }).selectOption('true');
  await shoot(page, 'live-ops-key-editor');
  const draftRead = page.waitForResponse((response) => response.url().endsWith('/live/draft') && response.request().method() === 'GET');
  await editor.getByRole('button', { name: 'Add key' }).click();
  await expect(page.getByText('Key "new_shop" added to the draft')).toBeVisible();
  const draft = (await (await draftRead).json()) as { keys: { name: string; rules: { rollout: { salt: string } | null }[] }[] };
  const salt = draft.keys.find((key) => key.name === 'new_shop')?.rules[0]?.rollout?.salt ?? '';
  const players = playersAround(salt);
  const keys = page.getByRole('list', { name: 'Config keys' });
  await expect(keys.getByRole('listitem').filter({ hasText: 'new_shop' }).first()).toContainText('New in draft');
  await expect(page.getByRole('list', { name: 'Rules of new_shop' })).toContainText('Every player, 50% of them');

  // Publish.
  const publish = page.getByRole('form', { name: 'Publish the draft' });
  await publish.getByRole('textbox', { name: 'Note' }).fill('First config: half the players get the new shop');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 1 published')).toBeVisible();
  await expect(page.getByText('Version 1 is live.')).toBeVisible();
  await expect(keys.getByText('New in draft')).toHaveCount(0);

  // Two players on either side of the rollout's bucket line get different values.
  let values = await previewAs(page, players.inside);
  await expect(valueOf(values, 'new_shop')).toHaveText('true');
  await expect(valueOf(values, 'shop.discount')).toHaveText('0.1');
  values = await previewAs(page, players.outside);
  await expect(valueOf(values, 'new_shop')).toHaveText('false');

  // A live event that is on now: Halloween's discount.
  await page.getByRole('button', { name: 'New live event' }).click();
  const event = page.getByRole('form', { name: 'New live event' });
  await event.getByRole('textbox', { name: 'Event name' }).fill('Halloween');
  const today = new Date(Math.floor(Date.now() / DAY) * DAY);
  await event.getByLabel('Start (UTC)').fill(utcField(new Date(today.getTime() - DAY)));
  await event.getByLabel('End (UTC)').fill(utcField(new Date(today.getTime() + 3 * DAY)));
  await event.getByRole('combobox', { name: 'Override 1 key' }).selectOption('shop.discount');
  await event.getByRole('textbox', { name: 'Override 1 value' }).fill('0.3');
  await event.getByRole('button', { name: 'Schedule event' }).click();
  await expect(page.getByText('Live event "Halloween" scheduled in the draft')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live now' })).toContainText('Halloween');

  // Deleting the key the event overrides asks a second time, naming the event.
  await page.getByRole('button', { name: 'Delete key shop.discount' }).click();
  await page.getByRole('dialog', { name: 'Delete key "shop.discount"?' }).getByRole('button', { name: 'Delete key' }).click();
  const inUse = page.getByRole('dialog', { name: '"shop.discount" is used by a live event' });
  await expect(inUse).toContainText('It is overridden by "Halloween"');
  await inUse.getByRole('button', { name: 'Cancel' }).click();
  await expect(keys.getByRole('listitem').filter({ hasText: 'shop.discount' }).first()).toBeVisible();

  await publish.getByRole('textbox', { name: 'Note' }).fill('Halloween');
  await publish.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 2 published')).toBeVisible();
  values = await previewAs(page, players.outside);
  await expect(valueOf(values, 'shop.discount')).toHaveText('0.3');

  // The history compares version 1 with the current one.
  const history = page.getByRole('list', { name: 'Versions' });
  await history.getByRole('button', { name: 'Compare version 1 with the current one' }).click();
  await expect(page.getByRole('list', { name: 'Changes since version 1' })).toContainText('Live event "Halloween" added');
  await shoot(page, 'live-ops');

  // Roll back to version 1: published again as version 3, the draft reset to it.
  await history.getByRole('button', { name: 'Roll back to version 1' }).click();
  await page.getByRole('dialog', { name: 'Roll back to version 1?' }).getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText('Rolled back: version 3 is version 1 again')).toBeVisible();
  await expect(page.getByText('Version 3 is live.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live now' })).toHaveCount(0);
  values = await previewAs(page, players.outside);
  await expect(valueOf(values, 'shop.discount')).toHaveText('0.1');
});
