import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signUpWithOrganisation } from '../support/journeys';
import { uniqueEmail } from '../support/mail';
import { shoot } from '../support/screenshots';

// The developer page: make a key, send a first event with it and see it arrive, revoke the key and
// see the endpoint refuse it; and, apart, load demo data into an empty project and remove it again.
// The two tests are independent (each signs up its own person), so two Playwright workers may
// run them side by side: the demo load alone is the longest piece of the suite (ADR 018).
test.describe.configure({ mode: 'parallel' });

async function signUp(page: Page, who: string) {
  await signUpWithOrganisation(page, { email: uniqueEmail(who), organisation: 'Pixel Forge', firstName: 'Ada', lastName: 'Lovelace' });
}

async function createProject(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'New project' }).first().click();
  const form = page.getByRole('form', { name: 'New project' });
  await form.getByRole('textbox', { name: 'Project name' }).fill(name);
  await form.getByRole('textbox', { name: 'Description' }).fill(`${name} is a game for the developer page journey. `.repeat(4).trim());
  await form.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByText('Project created')).toBeVisible();
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Developer' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Developer' })).toBeVisible();
}


const hasCurl = (() => {
  try {
    execFileSync('curl', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

test('a key, a first event in the live check, and revoking the key', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  await signUp(page, 'developer');
  await createProject(page, 'Star Harvest');

  const endpoint = page.getByRole('region', { name: 'Ingestion endpoint' });
  await expect(endpoint.getByText(`${baseURL}/ingest/v1/batch`)).toBeVisible();
  const keys = page.getByRole('list', { name: 'Ingestion keys' });
  await expect(keys.getByRole('listitem').filter({ hasText: 'Default' })).toContainText('Active');
  const live = page.getByRole('region', { name: 'Live check' });
  await expect(live.getByText('Waiting for the first event…')).toBeVisible();

  // A new key, read from the page, sends an event the way a game does.
  await page.getByRole('textbox', { name: 'Key name' }).fill('E2E build');
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Key "E2E build" created')).toBeVisible();
  const row = keys.getByRole('listitem').filter({ hasText: 'E2E build' });
  const key = ((await row.locator('code').textContent()) ?? '').trim();
  expect(key).toMatch(/^qbk_[\w-]{20,}$/);
  const send = () =>
    request.post('/ingest/v1/batch', {
      headers: { 'X-Ingest-Key': key },
      data: {
        events: [{ insert_id: randomUUID(), name: 'e2e_first_event', user_id: 'e2e-player', timestamp: new Date().toISOString(), platform: 'web', country: 'FR' }],
      },
    });
  const sent = await send();
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toEqual({ accepted: 1, rejected: [] });
  const table = live.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'e2e_first_event' })).toContainText('e2e-player', { timeout: 10_000 });
  await expect(live.getByText('Waiting for the first event…')).toBeHidden();

  // The curl snippet, pasted into a shell as it is, sends an event too (with the Default key).
  if (hasCurl) {
    const snippets = page.getByRole('region', { name: 'Send your first event' });
    await snippets.getByRole('tab', { name: 'curl' }).click();
    const command = (await snippets.getByRole('region', { name: 'curl command' }).textContent()) ?? '';
    expect(command).toContain(`${baseURL}/ingest/v1/batch`);
    const answer = execFileSync('sh', ['-c', `${command.trim()} --silent --show-error`], { encoding: 'utf8' });
    expect(JSON.parse(answer)).toEqual({ accepted: 1, rejected: [] });
    await expect(table.getByRole('row').filter({ hasText: 'first_event' }).first()).toContainText('player-42', { timeout: 10_000 });
  }

  // Revoked: the page says so, and the endpoint refuses the key at once.
  await row.getByRole('button', { name: 'Revoke ingestion key E2E build' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke the key "E2E build"?' });
  await expect(dialog).toContainText('stop sending at once');
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('Key "E2E build" revoked')).toBeVisible();
  await expect(row).toContainText('Revoked');
  await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0);
  const refused = await send();
  expect(refused.status()).toBe(401);
  expect((await refused.json()) as unknown).toMatchObject({ code: 'INGEST_KEY_INVALID' });

  // This project has real events now: demo data is only for empty projects.
  const demo = page.getByRole('region', { name: 'Demo data' });
  await expect(demo).toContainText('Demo data is only for empty projects');
  await shoot(page, 'developer-keys-and-events');
});

test('demo data loads into an empty project, in view while it loads, and is removed again', async ({ page }) => {
  test.setTimeout(300_000);
  await signUp(page, 'developer-demo');
  // An empty project takes demo data: the progress while it loads, then its demo events.
  await createProject(page, 'Demo Harbour');
  const emptyDemo = page.getByRole('region', { name: 'Demo data' });
  await emptyDemo.getByRole('button', { name: 'Load demo data' }).click();
  await expect(emptyDemo.getByRole('progressbar', { name: 'Loading demo data…' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Ingestion keys' }).getByRole('listitem').filter({ hasText: 'Demo data' })).toContainText('Demo');
  // The live check fills with demo events meanwhile, below the progress, which stays in view (issue 21).
  await expect(page.getByRole('region', { name: 'Live check' }).getByText('Demo', { exact: true }).first()).toBeAttached({ timeout: 15_000 });
  await expect(emptyDemo.getByRole('progressbar', { name: 'Loading demo data…' })).toBeInViewport();
  await shoot(page, 'developer-demo-loading');
  await expect(page.getByText('Demo data loaded')).toBeVisible({ timeout: 180_000 });
  await expect(emptyDemo).toContainText(/This project contains [\d,]+ demo events/);
  const demoEvents = /contains ([\d,]+)/.exec((await emptyDemo.getByText(/This project contains/).textContent()) ?? '')?.[1] ?? '';
  expect(Number(demoEvents.replaceAll(',', ''))).toBeGreaterThan(1_000_000);
  await expect(page.getByRole('region', { name: 'Live check' }).getByText('Demo', { exact: true }).first()).toBeVisible();
  await shoot(page, 'developer-demo-loaded');

  // Deleting a million events may outlast the HTTP client's 30 s time-out: the page waits it out.
  await emptyDemo.getByRole('button', { name: 'Remove demo data' }).click();
  await page.getByRole('dialog', { name: 'Remove the demo data?' }).getByRole('button', { name: 'Remove demo data' }).click();
  await expect(page.getByText(/^Demo data removed( \([\d,]+ events\))?$/)).toBeVisible({ timeout: 180_000 });
  await expect(emptyDemo.getByRole('button', { name: 'Load demo data' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Live check' }).getByText('Waiting for the first event…')).toBeVisible();
});
