import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sendDemoData } from '../support/demo';
import { createProject, signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';

// Issue 17, done when: "In Chromium: ... open the level and economy views; screenshots in both
// themes at 1280 and 360 pixels." On demo data sent with `npm run demo`: the level table and its
// chart, its sort by keyboard, the level funnel link to the funnels page, the economy of coins and
// gems (the picker), each page shot light and dark at 1280 and 360 (shoot() also checks contrast
// with axe and that nothing sticks out sideways).

test.describe.configure({ mode: 'serial' });

let page: Page;
let project = '';
let shotsDir = '';

async function settled(target: Page) {
  await expect(target.locator('main .animate-pulse')).toHaveCount(0, { timeout: 15_000 });
  await target.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const projectNav = (label: string) => page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: label, exact: true });
const numberIn = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
  shotsDir = path.join(test.info().project.outputDir, 'screenshots');
});

test.afterAll(async () => {
  await page.context().close();
});

test('demo data with levels and resource events goes in with npm run demo', async ({ baseURL }) => {
  test.setTimeout(120_000);
  await signUpWithOrganisation(page, { email: uniqueEmail('levels'), organisation: 'Pixel Forge', firstName: 'Ada', lastName: 'Lovelace', via: 'google' });
  project = await createProject(page, 'Level Lab');
  const stdout = await sendDemoData(project, 800, baseURL, 90_000);
  expect(stdout).toMatch(/Sent [\d,]+ demo events/);
});

test('the level view: table, chart, keyboard sort and the level funnel link', async () => {
  // Four screenshots, each checked by axe, on a 2-core machine shared with other runs.
  test.setTimeout(360_000);
  await projectNav('Levels').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Levels' })).toBeVisible();
  // The whole population (90 days): in the default 30 days, whether any new player reached level 1
  // depends on the hour the demo ran in (a run at 11:00 UTC had none, the table starting at 19).
  await page.getByRole('combobox', { name: 'Date range' }).selectOption({ label: 'Last 90 days' });
  const region = page.getByRole('region', { name: 'Levels table' });
  const table = region.getByRole('table');
  await expect(table.getByRole('rowheader').first()).toHaveText('1', { timeout: 15_000 });
  expect(await table.getByRole('rowheader').count()).toBeGreaterThan(10);
  // Level 1 is reached by more players than level 10.
  const reached = async (level: string) => numberIn(await table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: level, exact: true }) }).getByRole('cell').first().textContent());
  expect(await reached('1')).toBeGreaterThan(await reached('10'));
  await expect(page.getByRole('img', { name: /Players who reached and churned at each level/ }).locator('svg').first()).toBeVisible();
  await shoot(page, 'game-design-levels', { dir: shotsDir, settled });

  // Sorting by the keyboard: focus the Churned here heading's button, press Enter.
  await region.getByRole('button', { name: 'Churned here' }).focus();
  await page.keyboard.press('Enter');
  await expect(region.getByRole('columnheader', { name: /Churned here/ })).toHaveAttribute('aria-sort', 'descending');
  const churned = await table.getByRole('row').nth(1).getByRole('cell').last().textContent();
  expect(numberIn(churned)).toBeGreaterThan(0);

  // The funnel of levels 1 to 4, in one click.
  await page.getByLabel('Last level').fill('4');
  await page.getByRole('link', { name: 'Open the funnel of levels 1 to 4' }).click();
  await expect(page).toHaveURL(/\/funnels\?/);
  const steps = JSON.parse(new URL(page.url()).searchParams.get('steps') ?? '[]') as { event: string; filters: { value: string }[] }[];
  expect(steps.map((step) => [step.event, step.filters[0]?.value])).toEqual([
    ['level_complete', '1'],
    ['level_complete', '2'],
    ['level_complete', '3'],
    ['level_complete', '4'],
  ]);
});

test('the explorer charts level_fail by level', async () => {
  test.setTimeout(120_000);
  await projectNav('Analytics').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const query = page.getByRole('region', { name: 'Query' });
  await query.getByRole('combobox', { name: 'Event', exact: true }).selectOption('level_fail');
  await query.getByRole('combobox', { name: 'Breakdown', exact: true }).selectOption({ label: 'A property' });
  await query.getByRole('combobox', { name: 'Breakdown property' }).selectOption('level');
  const title = 'Count of level_fail by level';
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^${title}, `) }).locator('svg').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Updating figures for the new view...')).toHaveCount(0);
  // One column per level value or range of values, after the date: the fails split by level.
  const table = page.getByRole('table', { name: new RegExp(`^${title}, `) });
  const headers = await table.getByRole('columnheader').allTextContents();
  expect(headers[0]).toBe('Date');
  expect(headers.length).toBeGreaterThan(2);
  await shoot(page, 'game-design-level-fail-by-level', { dir: shotsDir, settled });
});

test('the economy view: coins and gems, flows, top items and balances by level', async () => {
  test.setTimeout(480_000);
  await projectNav('Economy').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Economy' })).toBeVisible();
  const picker = page.getByLabel('Virtual currency');
  await expect(picker).toBeVisible({ timeout: 15_000 });
  // Coins change hands most often: the page opens on them.
  await expect(picker.locator('option:checked')).toHaveText(/^coins/);
  await expect(page.getByRole('region', { name: 'Top sources table' })).toContainText('level_reward');
  await expect(page.getByRole('region', { name: 'Top sinks table' })).toContainText(/boosters|lives/);
  await expect(page.getByRole('img', { name: /Median coins balance by level/ }).locator('svg').first()).toBeVisible();
  await shoot(page, 'game-design-economy', { dir: shotsDir, settled });

  await picker.selectOption('gems');
  await expect(page).toHaveURL(/virtual_currency=gems/);
  await expect(page.getByRole('region', { name: 'Top sources table' })).toContainText('purchase');
  await expect(page.getByRole('region', { name: 'Top sinks table' })).toContainText('skins');
  await page.reload();
  await expect(page.getByLabel('Virtual currency').locator('option:checked')).toHaveText(/^gems/, { timeout: 15_000 });
  await shoot(page, 'game-design-economy-gems', { dir: shotsDir, settled });
});
