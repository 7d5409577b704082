import { expect, test, type Page } from '@playwright/test';
import { sendDemoData } from '../support/demo';
import { createProject, signUpWithOrganisation } from '../support/journeys';
import { describeRun, type FirstRequest, measureFirstRequest, median } from '../support/first-request';
import { uniqueEmail } from '../support/mail';

// Issue 20, done when: "The overview's first analytics request starts within 100 ms of navigation in
// Chromium (measured in the e2e run and printed)". A file of its own, without Playwright's trace
// recording (the other files keep it for their failures): the recorder works inside the page while
// it loads, a DOM snapshot once the navigation's load event has fired, and Chromium runs that on the
// page's main thread. Traced, it was a 40 ms task between the session's answer and the calls
// measured, which no visitor's browser runs (ADR 024, amendment 5).
test.use({ trace: 'off' });

let page: Page;
let project: string;

test.beforeAll(async ({ browser }) => {
  page = await (await browser.newContext({ reducedMotion: 'reduce' })).newPage();
});

test.afterAll(async () => {
  await page.context().close();
});

test('a studio with a game whose players have played', async ({ baseURL }) => {
  test.setTimeout(90_000);
  // The browser's own clock: this page's resource timings are measured below.
  await signUpWithOrganisation(page, { email: uniqueEmail('first-request'), organisation: 'Quick Quests', firstName: 'Grace', lastName: 'Hopper', realClock: true });
  project = await createProject(page, 'Swift Sword');
  // A small population through the real ingestion path (npm run demo), so the overview has figures.
  const stdout = await sendDemoData(project, 50, baseURL, 60_000);
  expect(stdout).toMatch(/Sent [\d,]+ demo events \(50 players over 90 days\)/);
});

// Fresh loads of the overview's address by a signed-in person: returning (the 24-hour caches and the
// HTTP cache warm from the load before) and a cold first visit (both emptied, the session cookie
// kept). Printed: navigation to the first analytics call, and the two costs on its way the web app
// cannot remove (the document parsed, the session's token fetched back: POST /auth/v1/token, since
// the ID token lives in memory only, ADR 004). Asserted for a returning visitor, as medians of seven
// loads (one load can lose tens of milliseconds to the other test worker on this 2-core machine):
// the first analytics call starts before any of the account, organisation and project lookups has
// answered (they are no longer on its way), and the session restore starts before the document is
// parsed: the page's head sends it (public/session-restore.js), the app takes its answer over (ADR
// 024). No analytics URL is asked for twice in a load: the calls the entry chunk sends ahead with the
// head's token are the page's own, taken over by its queries (ADR 024, amendment 4). The 100 ms target
// itself depends on the machine's load and the server's token round trip: it is printed, not
// asserted (ADR 024's measured section).
test("the overview asks for its figures as soon as a returning visitor's session is restored", async () => {
  test.setTimeout(90_000);
  const url = `/project/${project}/overview`;
  // A returning visitor has been here before: this load fills the caches.
  await measureFirstRequest(page, url);
  const returning: FirstRequest[] = [];
  for (let run = 0; run < 7; run += 1) returning.push(await measureFirstRequest(page, url));

  const cdp = await page.context().newCDPSession(page);
  await page.evaluate(() => {
    for (const key of ['questboard:account', 'questboard:organisation', 'questboard:projects']) localStorage.removeItem(key);
  });
  await cdp.send('Network.clearBrowserCache');
  const cold = await measureFirstRequest(page, url);
  await cdp.detach();

  const report = [
    `Overview, navigation to first analytics request: returning visitor median ${median(returning.map((run) => run.analytics)).toFixed(0)} ms, cold first visit ${cold.analytics.toFixed(0)} ms`,
    ...returning.map((run, index) => `  returning ${index + 1}: ${describeRun(run)}`),
    `  cold: ${describeRun(cold)}`,
  ].join('\n');
  process.stdout.write(`${report}\n`);
  test.info().annotations.push({ type: 'first analytics request', description: report });
  await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
  expect(median(returning.map((run) => run.firstLookupAnswered - run.analytics)), report).toBeGreaterThan(0);
  expect(median(returning.map((run) => run.tokenStart - run.documentReady)), report).toBeLessThan(0);
  expect([...returning, cold].flatMap((run) => run.askedTwice), report).toEqual([]);
});
