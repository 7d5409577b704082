import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sendDemoData } from '../support/demo';
import { createProject, signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';

// Issue 17, done when: "In Chromium: build a 4-step tutorial funnel on demo data, break it down by
// platform, open the dropped players" and follow one to their timeline; screenshots in both themes
// at 1280 and 360 pixels. Demo data goes in through `npm run demo`, as in analytics.spec.ts.

test.describe.configure({ mode: 'serial' });

let page: Page;
let project = '';
let shotsDir = '';

async function settled(target: Page) {
  await expect(target.locator('main .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
}

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  shotsDir = path.join(test.info().project.outputDir, 'screenshots');
});

test.afterAll(async () => {
  await page.context().close();
});

test("a 4-step tutorial funnel on demo data, by platform, to a dropped player's timeline", async ({ baseURL }) => {
  test.setTimeout(240_000);
  await signUpWithOrganisation(page, {
    email: uniqueEmail('funnels'),
    organisation: 'Pixel Forge',
    firstName: 'Ada',
    lastName: 'Lovelace',
    via: 'google',
  });
  project = await createProject(page, 'Tutorial Town');
  await sendDemoData(project, 1000, baseURL, 90_000);

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Funnels', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funnels' })).toBeVisible();

  // Four steps: tutorial_step with step equal to 1, 2, 3 and 4.
  const steps = page.getByRole('form', { name: 'Funnel steps' });
  await steps.getByRole('button', { name: 'Add a step' }).click();
  await steps.getByRole('button', { name: 'Add a step' }).click();
  for (const step of [1, 2, 3, 4]) {
    const event = steps.getByRole('combobox', { name: `Step ${step} event` });
    await event.fill('tutorial_step');
    await steps.getByRole('button', { name: `Add a filter to step ${step}` }).click();
    await steps.getByRole('combobox', { name: `Step ${step} filter 1 property` }).fill('step');
    await steps.getByRole('textbox', { name: `Step ${step} filter 1 value` }).fill(String(step));
  }
  await steps.getByRole('button', { name: 'Show funnel' }).click();
  await expect(page).toHaveURL(/steps=/);

  const conversion = page.getByRole('list', { name: 'Funnel steps and conversion' });
  await expect(conversion.getByRole('listitem')).toHaveCount(4);
  const players = async (step: number) =>
    Number(
      /([\d,]+) players/
        .exec(
          (await conversion
            .getByRole('listitem')
            .nth(step - 1)
            .textContent()) ?? '',
        )?.[1]
        ?.replace(/,/g, ''),
    );
  const counts = [await players(1), await players(2), await players(3), await players(4)];
  expect(counts[0]).toBeGreaterThan(100);
  for (let index = 1; index < 4; index += 1) expect(counts[index]!).toBeLessThan(counts[index - 1]!);

  // The funnel survives a reload: it is in the address.
  await page.reload();
  await expect(conversion.getByRole('listitem')).toHaveCount(4);
  expect(await players(4)).toBe(counts[3]);

  await page.getByLabel('Break down by').selectOption('platform');
  const breakdown = page.getByRole('table', { name: 'Players per step by Platform' });
  await expect(breakdown.getByRole('row', { name: /^(ios|android)/ }).first()).toBeVisible();
  await settled(page);
  await shoot(page, 'funnels-tutorial-by-platform', { dir: shotsDir, settled });

  await conversion.getByRole('button', { name: /players who dropped at step 2/ }).click();
  const dropped = page.getByRole('region', { name: 'Players who dropped at step 2' });
  await expect(dropped.getByRole('link').first()).toBeVisible();
  await settled(page);
  await shoot(page, 'funnels-dropped-players', { dir: shotsDir, settled });

  const download = page.waitForEvent('download');
  await dropped.getByRole('button', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('funnel-dropped-at-step-2.csv');

  const first = dropped.getByRole('link').first();
  const userId = (await first.textContent()) ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Player Insights' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`player=${userId}`));
  await expect(page.getByText(userId).first()).toBeVisible();
});
