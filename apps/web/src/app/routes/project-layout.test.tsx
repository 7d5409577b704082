import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../lib/query-client';
import { Toaster } from '../../components/ui/toaster';
import { paths, projectPages } from '../../config/paths';
import { type AppApiServer, startAppApiServer } from '../../testing/app-api-server';
import { dismissToasts } from '../../testing/render-page';
import { type TestAuthOptions, TestAuthProvider, testOrganisation } from '../../testing/test-auth-provider';
import { aDescription, dragonQuest, orcRaiders, projectPage } from '../../features/projects/project-fixtures';
import { Component as ProjectLayout } from '../../features/projects/routes/project-layout';
import { Component as ProjectPage } from './project-page';

let server: AppApiServer;
/** The rendered test's query client: its calls must land before the server closes. */
let queryClient: ReturnType<typeof createQueryClient> | null = null;
/** The settings page's currency section (issue 21) asks for the project's currency settings. */
const currencyReply = { [`GET /core/projects/${dragonQuest.id}/currency`]: { body: { reportingCurrency: 'USD', rates: [] } } };

const infoOf = (identifier: string) => (identifier === orcRaiders.identifier ? orcRaiders : dragonQuest);

beforeEach(async () => {
  server = await startAppApiServer({
    'GET /core/projects/info': (request) => ({
      body: infoOf(new URL(request.path, 'http://x').searchParams.get('identifier') ?? ''),
    }),
    'GET /core/projects/all': { body: projectPage([dragonQuest, orcRaiders]) },
    [`GET /core/projects/${dragonQuest.id}/data-settings`]: { body: { eventRetentionDays: null } },
    ...currencyReply,
  });
});

afterEach(async () => {
  dismissToasts();
  // A page's refetch after a mutation may still be under way when a test's last check passes; closed
  // under it, it fails (and logs) during the next test.
  const client = queryClient;
  if (client) await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
  queryClient = null;
  vi.restoreAllMocks();
  await server.close();
});

function Home() {
  return <p>Home: {useLocation().pathname}</p>;
}

/** The project area as app/router.tsx declares it: the layout and its child pages. */
function renderProjectArea(path: string, auth?: TestAuthOptions) {
  const router = createMemoryRouter(
    [
      {
        path: paths.project.path,
        Component: ProjectLayout,
        children: Object.values(projectPages).map((page) => ({ path: page.path, handle: { title: page.title }, Component: ProjectPage })),
      },
      { path: '*', Component: Home },
    ],
    { initialEntries: [path] },
  );
  queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <TestAuthProvider options={auth}>
        <RouterProvider router={router} />
        <Toaster colorScheme="light" />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
  return router;
}

const infoCalls = () => server.requests.filter((request) => request.path.startsWith('/core/projects/info')).map((request) => request.path);

describe('/project/{identifier}', () => {
  it('loads the project by its identifier and links the twelve pages and live ops, in sections', async () => {
    renderProjectArea('/project/dragon-quest-mobile/overview');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading project...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(await screen.findByText('Dragon Quest Mobile', { selector: 'p' })).toBeInTheDocument();
    const links = within(screen.getByRole('navigation', { name: 'Project' })).getAllByRole('link');
    expect(links).toHaveLength(17);
    // The twelve project pages of docs/product/routes-and-screens.md#routes in their order, overview
    // first, funnels, levels and economy (issue 17) after the explorer, and live ops (issue 15)
    // between the analytics pages and the administration ones, experiments (issue 16) after it.
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      [
        'overview',
        'dashboard',
        'player-insights',
        'revenue-optimisation',
        'engagement-retention',
        'analytics',
        'funnels',
        'levels',
        'economy',
        'events',
        'live-ops',
        'experiments',
        'users',
        'settings',
        'billing',
        'developer',
        'help-support',
      ].map((page) => `/project/dragon-quest-mobile/${page}`),
    );
    const nav = screen.getByRole('navigation', { name: 'Project' });
    expect(within(nav).getAllByRole('list')).toHaveLength(3);
    expect(within(within(nav).getByRole('list', { name: 'Live operations' })).getAllByRole('link').map((link) => link.textContent)).toEqual(['Live Ops', 'Experiments']);
    expect(infoCalls()).toEqual(['/core/projects/info?identifier=dragon-quest-mobile']);
  });

  it('moves between pages without asking for the project again', async () => {
    renderProjectArea('/project/dragon-quest-mobile/overview');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await userEvent.click(screen.getByRole('link', { name: 'Revenue Optimisation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue Optimisation' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Events' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Events' })).toBeInTheDocument();
    expect(infoCalls()).toHaveLength(1);
  });

  it('switches project from the list of all projects (page 0, size 100), staying on the same page and period', async () => {
    const router = renderProjectArea('/project/dragon-quest-mobile/events?from=2026-03-01&to=2026-03-14&granularity=week&platform=ios&player=p1');
    const switcher = await screen.findByRole('combobox', { name: 'Switch project' });
    await waitFor(() => expect(within(switcher).getAllByRole('option')).toHaveLength(2));
    expect(server.requests.map((request) => request.path)).toContain('/core/projects/all?page=0&size=100&sort=name%2Casc');
    await userEvent.selectOptions(switcher, 'orc-raiders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/orc-raiders/events'));
    // The period carries over; the filter and the player were the other game's.
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-14&granularity=week');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Switch project' })).toHaveValue('orc-raiders'));
    expect(infoCalls()).toEqual(['/core/projects/info?identifier=dragon-quest-mobile', '/core/projects/info?identifier=orc-raiders']);
  });

  it('shows the not-found toast and screen for an unknown identifier, with a way back', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ 'GET /core/projects/info': { status: 404, body: { code: 'PROJECT_NOT_FOUND', message: 'Project not found' } } });
    const router = renderProjectArea('/project/nope/overview');
    expect(await screen.findByText('Project with identifier "nope" not found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Project not found' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Get project by identifier failed', expect.anything());
    await userEvent.click(screen.getByRole('link', { name: 'Back to projects' }));
    expect(router.state.location.pathname).toBe('/');
  });

  it("toasts 'Failed to load project' for other failures and offers a retry", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ 'GET /core/projects/info': { status: 403, body: { message: 'Forbidden' } } });
    renderProjectArea('/project/dragon-quest-mobile/overview');
    expect(await screen.findByText('Failed to load project', { selector: '[role="alert"] span, span[role="alert"]' })).toBeInTheDocument();
    server.routes({ 'GET /core/projects/info': { body: dragonQuest } });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
  });
});

describe('/project/{identifier}/settings', () => {
  const name = () => screen.getByRole('textbox', { name: 'Project name' });

  it('renames the project with a PUT, keeping its identifier read-only', async () => {
    const renamed = { ...dragonQuest, name: 'Dragon Quest Online' };
    server.routes({
      'GET /core/projects/info': { body: dragonQuest },
      'GET /core/projects/all': { body: projectPage([dragonQuest]) },
      [`PUT /core/projects/${dragonQuest.id}`]: { body: renamed },
      [`GET /core/projects/${dragonQuest.id}/data-settings`]: { body: { eventRetentionDays: null } },
      ...currencyReply,
    });
    renderProjectArea('/project/dragon-quest-mobile/settings');
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Identifier' })).toHaveAttribute('readonly');
    await userEvent.clear(name());
    await userEvent.tab();
    expect(name()).toHaveAccessibleDescription('Project name is required');
    await userEvent.type(name(), 'Dragon Quest Online');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Project updated')).toBeInTheDocument();
    expect(server.bodyOf(`PUT /core/projects/${dragonQuest.id}`)).toEqual({ name: 'Dragon Quest Online', description: dragonQuest.description });
    expect(screen.getByText('Dragon Quest Online', { selector: 'p' })).toBeInTheDocument();
  });

  it('deletes the project only once its exact name is typed, then goes home', async () => {
    server.routes({
      'GET /core/projects/info': { body: { ...dragonQuest, description: aDescription } },
      'GET /core/projects/all': { body: projectPage([dragonQuest]) },
      [`DELETE /core/projects/${dragonQuest.id}`]: { status: 204 },
      [`GET /core/projects/${dragonQuest.id}/data-settings`]: { body: { eventRetentionDays: null } },
      ...currencyReply,
    });
    const router = renderProjectArea('/project/dragon-quest-mobile/settings');
    const confirm = await screen.findByRole('textbox', { name: 'Type "Dragon Quest Mobile" to confirm' });
    const remove = screen.getByRole('button', { name: 'Delete project' });
    expect(remove).toBeDisabled();
    await userEvent.type(confirm, 'dragon quest mobile');
    expect(remove).toBeDisabled();
    await userEvent.clear(confirm);
    await userEvent.type(confirm, 'Dragon Quest Mobile');
    await userEvent.click(remove);
    expect(await screen.findByText('Project deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(server.calls()).toContain(`DELETE /core/projects/${dragonQuest.id}`);
    expect(infoCalls()).toHaveLength(1);
  });

  it('hides the danger zone from members', async () => {
    renderProjectArea('/project/dragon-quest-mobile/settings', { organisation: { ...testOrganisation, role: 'member' } });
    expect(await screen.findByRole('form', { name: 'Project details' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete project' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Data retention' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete analytics data' })).not.toBeInTheDocument();
    // Issue 21: the section says who can, rather than vanishing without a word.
    expect(screen.getByRole('region', { name: 'Analytics data' })).toHaveTextContent(
      "Owners and admins set the data retention and can delete this project's analytics data, demo data included.",
    );
  });

  it('shortens the data retention after a confirmation that says what is deleted', async () => {
    const settings = `/core/projects/${dragonQuest.id}/data-settings`;
    server.routes({
      'GET /core/projects/info': { body: dragonQuest },
      'GET /core/projects/all': { body: projectPage([dragonQuest]) },
      [`GET ${settings}`]: { body: { eventRetentionDays: 365 } },
      ...currencyReply,
      [`PUT ${settings}`]: { body: { eventRetentionDays: 90 } },
    });
    renderProjectArea('/project/dragon-quest-mobile/settings');
    const keep = await screen.findByRole('combobox', { name: 'Keep events for' });
    expect(keep).toHaveValue('365');
    const save = screen.getByRole('button', { name: 'Save retention' });
    expect(save).toBeDisabled();
    await userEvent.selectOptions(keep, '90 days');
    await userEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Shorten the data retention?' });
    expect(dialog).toHaveTextContent('Events of Dragon Quest Mobile older than 90 days are deleted now.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete older events' }));
    expect(await screen.findByText('Data retention saved')).toBeInTheDocument();
    expect(server.bodyOf(`PUT ${settings}`)).toEqual({ eventRetentionDays: 90 });
  });

  it('keeps events forever without asking, since nothing is deleted', async () => {
    const settings = `/core/projects/${dragonQuest.id}/data-settings`;
    server.routes({
      'GET /core/projects/info': { body: dragonQuest },
      'GET /core/projects/all': { body: projectPage([dragonQuest]) },
      [`GET ${settings}`]: { body: { eventRetentionDays: 30 } },
      ...currencyReply,
      [`PUT ${settings}`]: { body: { eventRetentionDays: null } },
    });
    renderProjectArea('/project/dragon-quest-mobile/settings');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Keep events for' }), 'Forever');
    await userEvent.click(screen.getByRole('button', { name: 'Save retention' }));
    // The same toast as the previous test's may still be leaving sonner's store: check the call.
    await waitFor(() => expect(server.bodyOf(`PUT ${settings}`)).toEqual({ eventRetentionDays: null }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save retention' })).toBeDisabled());
  });

  it('deletes all analytics data after a confirmation', async () => {
    server.routes({
      'GET /core/projects/info': { body: dragonQuest },
      'GET /core/projects/all': { body: projectPage([dragonQuest]) },
      [`GET /core/projects/${dragonQuest.id}/data-settings`]: { body: { eventRetentionDays: null } },
      ...currencyReply,
      [`DELETE /core/projects/${dragonQuest.id}/events`]: { body: { deletedEvents: 1234 } },
    });
    renderProjectArea('/project/dragon-quest-mobile/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete analytics data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all analytics data?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete all events' }));
    expect(await screen.findByText('Deleted 1,234 events')).toBeInTheDocument();
    expect(server.calls()).toContain(`DELETE /core/projects/${dragonQuest.id}/events`);
    // Everything of the project on the page asks again, the currency settings included: let it land.
    await waitFor(() => expect(server.calls().filter((call) => call === `GET /core/projects/${dragonQuest.id}/currency`)).toHaveLength(2));
  });
});

describe('/project/{identifier}/developer', () => {
  it('renders the developer page, its own chunk loaded on demand', async () => {
    const project = `/core/projects/${dragonQuest.id}`;
    server.routes({
      'GET /core/projects/info': { body: dragonQuest },
      'GET /core/projects/all': { body: projectPage([dragonQuest]) },
      [`GET ${project}/ingest-keys`]: { body: { keys: [] } },
      [`GET ${project}/events/latest`]: { body: { events: [], summary: { totalEvents: 0, demoEvents: 0, lastReceivedAt: null } } },
      [`GET ${project}/demo-data`]: { body: { state: 'idle', players: 0, sentEvents: 0, demoEvents: 0, error: null } },
    });
    renderProjectArea('/project/dragon-quest-mobile/developer');
    expect(screen.getByRole('heading', { level: 1, name: 'Developer' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Ingestion endpoint' })).toBeInTheDocument();
    expect(await screen.findByText('Waiting for the first event…')).toBeInTheDocument();
    expect(screen.queryByText('What will appear here')).not.toBeInTheDocument();
  });
});
