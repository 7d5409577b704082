import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganisationRole } from '@questboard/shared/organisations';
import type { Project } from '@questboard/shared/projects';
import { quotaMessage, utcMonth } from '@questboard/shared/billing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../testing/render-page';
import { testOrganisation } from '../../testing/test-auth-provider';
import { BillingPage } from './billing-page';
import { createBillingApi, lostLevels, starHarvest } from './testing/billing-api-stand-in';

let server: AppApiServer;
let api: ReturnType<typeof createBillingApi>;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

interface Options {
  role?: OrganisationRole;
  quota?: number | null;
  failing?: string[];
}

/** The server as the page and games meet it: the two projects, their keys, and the organisation's quota. */
function serveUsage({ role = 'owner', quota = null, failing = [] }: Options = {}) {
  api = createBillingApi([lostLevels, starHarvest], { role, quota });
  for (const call of failing) api.fail(call);
  server.script(api.script);
}

function renderBillingPage(role: OrganisationRole = 'owner') {
  const Page = () => <BillingPage project={lostLevels} />;
  return renderPage(Page, {
    path: '/project/lost-levels/billing',
    pattern: '/project/:projectSlug/billing',
    auth: { organisation: { ...testOrganisation, role } },
  });
}

/** What a game does: the project's key from GET …/ingest-keys, then a batch to the ingestion endpoint. */
async function sendEvents(project: Project, players: string[]) {
  const keys = (await (
    await fetch(`${server.url}/core/projects/${project.id}/ingest-keys`, {
      headers: { Authorization: 'Bearer test-token' },
    })
  ).json()) as {
    keys: { key: string }[];
  };
  return fetch(`${server.url}/ingest/v1/batch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Ingest-Key': keys.keys[0]!.key },
    body: JSON.stringify({
      events: players.map((player) => ({
        insert_id: crypto.randomUUID(),
        name: 'level_complete',
        user_id: player,
        timestamp: new Date().toISOString(),
      })),
    }),
  });
}

const region = (name: string) => screen.getByRole('region', { name });
/** The figure under `label` in a stats card: <dt> label, then its <dd> value. */
const figure = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
const nextMonth = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
}).format(utcMonth(new Date()).next);

describe('billing page: usage', () => {
  it('says that no payment is taken, and shows the figures of events sent with the project keys', async () => {
    serveUsage();
    expect((await sendEvents(lostLevels, ['ada', 'ada', 'grace'])).status).toBe(200);
    expect((await sendEvents(starHarvest, ['linus', 'linus'])).status).toBe(200);
    renderBillingPage();
    expect(screen.getByText(/no payment is taken/u)).toHaveTextContent(
      'Questboard is self-hosted, so there is nothing to pay: no payment is taken.',
    );
    expect(screen.getByRole('status', { name: 'Loading usage...' })).toBeInTheDocument();

    const project = await screen.findByRole('region', { name: 'This project' });
    expect(figure(project, 'Events today')).toBe('3');
    expect(figure(project, 'Events this month')).toBe('3');
    expect(figure(project, 'Monthly active players')).toBe('2');
    expect(figure(project, 'Storage')).toBe('1.5 KB');
    expect(project).toHaveTextContent('3 events stored');
    const organisation = region('Organisation');
    expect(figure(organisation, 'Events this month')).toBe('5');
    expect(figure(organisation, 'Monthly active players')).toBe('3');
    expect(figure(organisation, 'Storage')).toBe('2.5 KB');
    expect(server.calls()).toContain('GET /core/orgs/usage');

    const quota = region('Monthly event quota');
    expect(quota).toHaveTextContent('No monthly quota. 5 events received this month');
    expect(within(quota).queryByRole('progressbar')).not.toBeInTheDocument();

    // The chart: a summary for screen readers, today's bar in the figures table.
    const chart = region('Events per day');
    expect(within(chart).getByRole('img')).toHaveAccessibleName(
      /^5 events received from .+; the busiest day was .+ with 5\.$/u,
    );
    const days = within(within(chart).getByRole('table')).getAllByRole('row');
    expect(days).toHaveLength(31);
    expect(days.at(-1)).toHaveTextContent(/5$/u);
    expect(days[1]).toHaveTextContent(/0$/u);
  });

  it('lists every project with its figures, links each to its overview and marks this one', async () => {
    serveUsage();
    await sendEvents(starHarvest, ['linus']);
    renderBillingPage();
    const table = await screen.findByRole('table', { name: 'Usage per project this month' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Project', 'Events today', 'This month', 'MAP', 'Storage'],
      ['Lost LevelsThis project', '0', '0', '0', '0 B'],
      ['Star Harvest', '1', '1', '1', '512 B'],
      ['Organisation', '1', '1', '1', '512 B'],
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'Lost Levels' })).toHaveAttribute(
      'href',
      '/project/lost-levels/overview',
    );
    expect(within(rows[2]!).getByRole('link', { name: 'Star Harvest' })).toHaveAttribute(
      'href',
      '/project/star-harvest/overview',
    );
    expect(within(rows[2]!).queryByText('This project')).not.toBeInTheDocument();
    expect(region('Usage per project')).toHaveAttribute('tabindex', '0');
  });

  it('shows a failed load with the reason and loads again on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serveUsage({ failing: ['GET /core/orgs/usage'] });
    renderBillingPage();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Something broke on the server.');
    expect(console.error).toHaveBeenCalledWith('Get usage failed', expect.anything());
    api.fail('GET /core/orgs/usage', false);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'This project' })).toBeInTheDocument();
  });
});

describe('billing page: the monthly quota', () => {
  it('lets an owner set a quota with the shared rule live; once used up the page warns and ingestion refuses', async () => {
    const user = userEvent.setup();
    serveUsage();
    await sendEvents(lostLevels, ['ada', 'grace']);
    renderBillingPage();
    const form = await screen.findByRole('form', { name: 'Monthly event quota' });
    const field = within(form).getByRole('textbox', { name: 'Events per month' });
    expect(field).toHaveValue('');
    expect(field).toHaveAccessibleDescription('For the whole organisation. Leave empty for no limit.');
    expect(within(form).queryByRole('button', { name: 'Remove quota' })).not.toBeInTheDocument();

    await user.type(field, '1.5');
    await user.click(within(form).getByRole('button', { name: 'Save quota' }));
    expect(field).toHaveAccessibleDescription(quotaMessage);
    expect(field).toHaveFocus();
    expect(server.calls()).not.toContain('PUT /core/orgs/quota');
    await user.clear(field);
    await user.type(field, '0');
    expect(field).toHaveAccessibleDescription(quotaMessage);
    await user.clear(field);
    await user.type(field, '3');
    expect(field).not.toHaveAccessibleDescription(quotaMessage);
    await user.click(within(form).getByRole('button', { name: 'Save quota' }));
    expect(await screen.findByText('Monthly quota saved')).toBeInTheDocument();
    expect(server.bodyOf('PUT /core/orgs/quota')).toEqual({ monthlyEventQuota: 3 });

    const quota = region('Monthly event quota');
    const bar = await within(quota).findByRole('progressbar', { name: 'Events this month' });
    expect(bar).toHaveAttribute('aria-valuenow', '66');
    expect(bar).toHaveAttribute('aria-valuetext', '66%: 2 of 3 events');
    expect(within(quota).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(quota).getByRole('textbox', { name: 'Events per month' })).toHaveValue('3');

    // One more event fills it; the one after is refused until next month.
    expect((await sendEvents(lostLevels, ['ada'])).status).toBe(200);
    const refused = await sendEvents(lostLevels, ['ada']);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
  });

  it('warns that ingestion is refused until next month once the quota is used up, and an owner removes the quota', async () => {
    const user = userEvent.setup();
    serveUsage({ quota: 2 });
    await sendEvents(lostLevels, ['ada', 'grace']);
    renderBillingPage();
    const quota = await screen.findByRole('region', { name: 'Monthly event quota' });
    const bar = within(quota).getByRole('progressbar', { name: 'Events this month' });
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(quota).toHaveTextContent('2 of 2 events (100%)');
    expect(within(quota).getByRole('alert')).toHaveTextContent(
      `The monthly quota is used up. Ingestion refuses new events from every project until ${nextMonth} (UTC), unless you raise or remove the quota below.`,
    );
    expect(within(quota).getByRole('textbox', { name: 'Events per month' })).toHaveValue('2');

    await user.click(within(quota).getByRole('button', { name: 'Remove quota' }));
    expect(await screen.findByText('Monthly quota removed')).toBeInTheDocument();
    expect(server.bodyOf('PUT /core/orgs/quota')).toEqual({ monthlyEventQuota: null });
    await waitFor(() => expect(quota).toHaveTextContent('No monthly quota.'));
    expect(within(quota).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(quota).getByRole('textbox', { name: 'Events per month' })).toHaveValue('');
    expect((await sendEvents(lostLevels, ['ada'])).status).toBe(200);
  });

  it("shows the server's refusal in the form and logs it", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    serveUsage();
    renderBillingPage();
    // The page believes it is an owner; the server knows better (a role changed meanwhile).
    server.script(createBillingApi([lostLevels], { role: 'admin' }).script);
    const field = await screen.findByRole('textbox', { name: 'Events per month' });
    await user.type(field, '1,000');
    await user.click(screen.getByRole('button', { name: 'Save quota' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Only owners can set the monthly event quota.');
    expect(server.bodyOf('PUT /core/orgs/quota')).toEqual({ monthlyEventQuota: 1000 });
    expect(console.error).toHaveBeenCalledWith('Quota update failed', expect.anything());
  });

  it.each(['member', 'admin'] as const)('shows a %s the quota read-only', async (role) => {
    serveUsage({ role, quota: 1 });
    await sendEvents(lostLevels, ['ada']);
    renderBillingPage(role);
    const quota = await screen.findByRole('region', { name: 'Monthly event quota' });
    expect(within(quota).getByRole('progressbar', { name: 'Events this month' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(quota).toHaveTextContent('Only owners can change the quota.');
    expect(within(quota).getByRole('alert')).toHaveTextContent('unless an owner raises or removes the quota');
    expect(within(quota).queryByRole('form')).not.toBeInTheDocument();
    expect(within(quota).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(quota).queryByRole('button')).not.toBeInTheDocument();
  });
});
