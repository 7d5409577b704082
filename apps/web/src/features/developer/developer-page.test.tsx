import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrganisationRole } from '@questboard/shared/organisations';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../testing/render-page';
import { testOrganisation } from '../../testing/test-auth-provider';
import { DeveloperPage } from './developer-page';
import { aStoredEvent } from '../../testing/stored-event';
import { anIngestKey, createDeveloperApi, lostLevels, type DeveloperApiOptions } from './testing/developer-api-stand-in';

let server: AppApiServer;
let api: ReturnType<typeof createDeveloperApi>;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

function renderDeveloperPage(options: DeveloperApiOptions = {}, role: OrganisationRole = 'owner', failing: string[] = []) {
  api = createDeveloperApi(lostLevels, options);
  for (const call of failing) api.fail(call);
  server.script(api.script);
  const Page = () => <DeveloperPage project={lostLevels} />;
  return renderPage(Page, {
    path: '/project/lost-levels/developer',
    pattern: '/project/:projectSlug/developer',
    auth: { organisation: { ...testOrganisation, role } },
  });
}

const keyRows = async () => within(await screen.findByRole('list', { name: 'Ingestion keys' })).getAllByRole('listitem');
const section = (name: string) => screen.getByRole('region', { name });

/** What a game does: POST a batch to the ingestion endpoint with its key. */
const sendEvent = (key: string, event: Record<string, unknown>) =>
  fetch(`${server.url}/ingest/v1/batch`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Ingest-Key': key },
    body: JSON.stringify({ events: [{ insert_id: crypto.randomUUID(), timestamp: new Date().toISOString(), ...event }] }),
  });

describe('developer page: endpoint and keys', () => {
  it('shows the ingestion endpoint of this origin and copies it', async () => {
    const user = userEvent.setup();
    renderDeveloperPage();
    const endpoint = section('Ingestion endpoint');
    expect(within(endpoint).getByText('http://localhost:3000/ingest/v1/batch')).toBeInTheDocument();
    await user.click(within(endpoint).getByRole('button', { name: 'Copy ingestion endpoint URL' }));
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/ingest/v1/batch');
    expect(within(endpoint).getByRole('status')).toHaveTextContent('Copied');
  });

  it('lists the keys: active ones with a copy button, the demo key badged, revoked ones last without one', async () => {
    const user = userEvent.setup();
    const standard = anIngestKey('Default', { lastUsedAt: new Date().toISOString() });
    const revoked = anIngestKey('Old build', { revokedAt: '2026-03-05T10:00:00.000Z' });
    const demo = anIngestKey('Demo data', { kind: 'demo' });
    renderDeveloperPage({ keys: [revoked, standard, demo] });
    const rows = await keyRows();
    expect(rows.map((row) => within(row).getByText(/^(Default|Old build|Demo data)$/u).textContent)).toEqual(['Default', 'Demo data', 'Old build']);
    expect(rows[0]).toHaveTextContent(standard.key);
    expect(rows[0]).toHaveTextContent(/Active.*Created Mar 4, 2026 · Last used just now/u);
    expect(within(rows[1]!).getByText('Demo')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent(/Revoked.*Revoked Mar 5, 2026 · Never used/u);
    expect(within(rows[2]!).queryByRole('button', { name: /Copy/u })).not.toBeInTheDocument();
    expect(within(section('Ingestion keys')).getByRole('heading', { name: 'Ingestion keys' }).parentElement).toHaveTextContent('2');
    await user.click(within(rows[0]!).getByRole('button', { name: 'Copy ingestion key Default' }));
    expect(await navigator.clipboard.readText()).toBe(standard.key);
  });

  it('creates a key: the shared rules live, the server call, a toast, the new row', async () => {
    const user = userEvent.setup();
    renderDeveloperPage();
    await keyRows();
    const name = screen.getByRole('textbox', { name: 'Key name' });
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(name).toHaveAccessibleDescription('Key name is required');
    expect(name).toHaveFocus();
    await user.type(name, 'x'.repeat(65));
    expect(name).toHaveAccessibleDescription('Key name must be at most 64 characters');
    await user.clear(name);
    await user.type(name, '  iOS production ');
    expect(name).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Key "iOS production" created')).toBeInTheDocument();
    expect(server.bodyOf(`POST /core/projects/${lostLevels.id}/ingest-keys`)).toEqual({ name: 'iOS production' });
    await waitFor(async () => expect(await keyRows()).toHaveLength(2));
    expect((await keyRows())[1]).toHaveTextContent(api.keys[1]!.key);
    expect(name).toHaveValue('');
  });

  it("shows the server's refusal past 20 active keys in the form", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderDeveloperPage({ keys: Array.from({ length: 20 }, (_, index) => anIngestKey(`Key ${index + 1}`)) });
    await keyRows();
    await user.type(screen.getByRole('textbox', { name: 'Key name' }), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A project can have at most 20 active ingestion keys. Revoke one first.');
    expect(console.error).toHaveBeenCalledWith('Ingestion key creation failed', expect.anything());
  });

  it('revokes a key for an owner after a confirmation, and the endpoint refuses it from then on', async () => {
    const user = userEvent.setup();
    renderDeveloperPage({ keys: [anIngestKey('Default'), anIngestKey('Android')] });
    const [first] = await keyRows();
    expect((await sendEvent(api.keys[0]!.key, { name: 'ping', user_id: 'p1' })).status).toBe(200);
    await user.click(within(first!).getByRole('button', { name: 'Revoke ingestion key Default' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke the key "Default"?' });
    expect(dialog).toHaveTextContent(/stop sending at once/u);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    expect(await screen.findByText('Key "Default" revoked')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls()).toContain(`DELETE /core/projects/${lostLevels.id}/ingest-keys/${api.keys[0]!.id}`);
    await waitFor(async () => expect((await keyRows())[1]).toHaveTextContent(/Default.*Revoked/u));
    expect(screen.queryByRole('button', { name: 'Revoke ingestion key Default' })).not.toBeInTheDocument();
    expect((await sendEvent(api.keys[0]!.key, { name: 'ping', user_id: 'p1' })).status).toBe(401);
  });

  it('offers no revoking to a member', async () => {
    renderDeveloperPage({}, 'member');
    await keyRows();
    expect(screen.getByRole('button', { name: 'Copy ingestion key Default' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Revoke/u })).not.toBeInTheDocument();
    expect(section('Ingestion keys')).toHaveTextContent('Owners and admins can revoke keys.');
  });
});

describe('developer page: first event', () => {
  it('fills the snippets with the first active standard key; the tabs work from the keyboard', async () => {
    const user = userEvent.setup();
    const ios = anIngestKey('iOS');
    renderDeveloperPage({ keys: [anIngestKey('Demo data', { kind: 'demo' }), ios] });
    const snippets = section('Send your first event');
    await waitFor(() => expect(within(snippets).getByRole('region', { name: 'SDK snippet' })).toHaveTextContent(`key: '${ios.key}'`));
    expect(within(snippets).getByRole('region', { name: 'SDK snippet' })).toHaveTextContent("endpoint: 'http://localhost:3000'");
    const sdkTab = within(snippets).getByRole('tab', { name: 'SDK (TypeScript)' });
    expect(sdkTab).toHaveAttribute('aria-selected', 'true');
    await user.click(sdkTab);
    await user.keyboard('{ArrowRight}');
    const curlTab = within(snippets).getByRole('tab', { name: 'curl' });
    expect(curlTab).toHaveFocus();
    expect(curlTab).toHaveAttribute('aria-selected', 'true');
    const curl = within(snippets).getByRole('tabpanel', { name: 'curl' });
    const command = within(curl).getByRole('region', { name: 'curl command' });
    expect(curl).toHaveTextContent(`-H 'X-Ingest-Key: ${ios.key}'`);
    expect(curl).toHaveTextContent("-H 'Content-Type: application/json'");
    expect(curl).toHaveTextContent("curl -X POST 'http://localhost:3000/ingest/v1/batch'");
    expect(curl.textContent).toMatch(/"timestamp": "\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z"/u);
    const before = command.textContent;
    await user.click(within(curl).getByRole('button', { name: 'Copy curl command' }));
    expect(await navigator.clipboard.readText()).toBe(before);
    // The next copy is a new event (another insert_id).
    expect(command.textContent).not.toBe(before);
    await user.click(curlTab);
    await user.keyboard('{Home}');
    expect(sdkTab).toHaveFocus();
    expect(sdkTab).toHaveAttribute('aria-selected', 'true');
  });

  it('shows a placeholder when no standard key is active', async () => {
    renderDeveloperPage({ keys: [anIngestKey('Default', { revokedAt: '2026-03-05T10:00:00.000Z' })] });
    const snippets = section('Send your first event');
    expect(await within(snippets).findByText(/no active key for games yet/u)).toBeInTheDocument();
    expect(within(snippets).getByRole('region', { name: 'SDK snippet' })).toHaveTextContent("key: 'YOUR_INGEST_KEY'");
  });
});

describe('developer page: live check', () => {
  it('waits for the first event, then shows one sent to the ingestion endpoint within the next refresh', async () => {
    renderDeveloperPage();
    const live = section('Live check');
    expect(await within(live).findByText('Waiting for the first event…')).toBeInTheDocument();
    expect(within(live).getByRole('link', { name: 'snippet above' })).toHaveAttribute('href', '#send-first-event');
    expect(within(live).getByText('Events received').nextSibling).toHaveTextContent('0');
    const response = await sendEvent(api.keys[0]!.key, { name: 'level_complete', user_id: 'player-7', platform: 'android', country: 'br' });
    expect(response.status).toBe(200);
    const table = await within(live).findByRole('table', {}, { timeout: 5000 });
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Just now', 'level_complete', 'player-7', 'android', 'BR']);
    expect(within(live).getByText('Events received').nextSibling).toHaveTextContent('1');
    expect(within(live).getByText('Last received').nextSibling).toHaveTextContent('Just now');
    expect(within(live).queryByText('Waiting for the first event…')).not.toBeInTheDocument();
  });

  it('stops asking while the page is hidden, and asks again when it shows', async () => {
    const latest = `GET /core/projects/${lostLevels.id}/events/latest`;
    const asked = () => server.calls().filter((call) => call === latest).length;
    const setHidden = (hidden: boolean) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, value: hidden ? 'hidden' : 'visible' });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    };
    onTestFinished(() => {
      setHidden(false);
    });
    renderDeveloperPage();
    await within(section('Live check')).findByText('Waiting for the first event…');
    const before = asked();
    setHidden(true);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(asked()).toBe(before);
    setHidden(false);
    await waitFor(() => expect(asked()).toBe(before + 1));
  });

  it('badges demo events', async () => {
    renderDeveloperPage({ events: [aStoredEvent({ name: 'ad_watched', demo: true })] });
    const table = await within(section('Live check')).findByRole('table');
    expect(within(table).getByRole('cell', { name: /ad_watched/u })).toHaveTextContent('ad_watchedDemo');
  });

  it('says so once when refreshing fails, and logs the failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const latest = `GET /core/projects/${lostLevels.id}/events/latest`;
    renderDeveloperPage({}, 'owner', [latest]);
    // After the HTTP client's two retries.
    expect(await screen.findByText('Failed to refresh the live check', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(within(section('Live check')).getByRole('alert')).toHaveTextContent('Something broke on the server.');
    expect(within(section('Live check')).getByText('Paused')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Latest events failed', expect.anything());
    api.fail(latest, false);
    await userEvent.click(within(section('Live check')).getByRole('button', { name: 'Try again' }));
    expect(await within(section('Live check')).findByText('Waiting for the first event…')).toBeInTheDocument();
  });
});

describe('developer page: demo data', () => {
  it('loads demo data into an empty project and shows the progress while it runs; stopping removes it', async () => {
    const user = userEvent.setup();
    renderDeveloperPage();
    const demo = section('Demo data');
    await user.click(await within(demo).findByRole('button', { name: 'Load demo data' }));
    const progress = await within(demo).findByRole('progressbar', { name: 'Loading demo data…' });
    expect(server.calls()).toContain(`POST /core/projects/${lostLevels.id}/demo-data`);
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    // The live check's list grows below the progress, never above it (issue 21).
    expect(progress.compareDocumentPosition(section('Live check')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    api.sendDemoEvents(124);
    // 124 of ~1.24 million: the bar stays near 0; the count is exact.
    expect(await within(demo).findByText('124 events sent for 20,000 players', {}, { timeout: 3000 })).toBeInTheDocument();
    await user.click(within(demo).getByRole('button', { name: 'Stop and remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop loading and remove the demo data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove demo data' }));
    expect(await screen.findByText('Demo data removed (124 events)')).toBeInTheDocument();
    expect(await within(demo).findByRole('button', { name: 'Load demo data' })).toBeInTheDocument();
    expect(within(demo).getByRole('heading', { name: 'Demo data' })).toHaveFocus();
  });

  it("toasts 'Demo data loaded' when a load it watched ends, then offers removing the demo events", async () => {
    renderDeveloperPage({ demo: { state: 'running', players: 20_000 } });
    const demo = section('Demo data');
    expect(await within(demo).findByRole('progressbar')).toBeInTheDocument();
    api.sendDemoEvents(3);
    api.finishDemoLoad();
    expect(await screen.findByText('Demo data loaded', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(await within(demo).findByText(/This project contains/u)).toHaveTextContent('This project contains 3 demo events.');
  });

  it('removes loaded demo data after a confirmation', async () => {
    const user = userEvent.setup();
    renderDeveloperPage({ events: [aStoredEvent({ demo: true }), aStoredEvent({ demo: true })], demo: { state: 'done' } });
    const demo = section('Demo data');
    await user.click(await within(demo).findByRole('button', { name: 'Remove demo data' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the demo data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove demo data' }));
    expect(await screen.findByText('Demo data removed (2 events)')).toBeInTheDocument();
    expect(server.calls()).toContain(`DELETE /core/projects/${lostLevels.id}/demo-data`);
    expect(await within(demo).findByRole('button', { name: 'Load demo data' })).toBeInTheDocument();
  });

  it('offers a member no removing of demo data, saying who can (issue 21)', async () => {
    renderDeveloperPage({ events: [aStoredEvent({ demo: true })], demo: { state: 'done' } }, 'member');
    const demo = section('Demo data');
    expect(await within(demo).findByText(/This project contains/u)).toHaveTextContent(
      'This project contains 1 demo events. Owners and admins can remove demo data.',
    );
    expect(within(demo).queryByRole('button', { name: 'Remove demo data' })).not.toBeInTheDocument();
  });

  it('lets a member load demo data but not stop and remove a running load', async () => {
    renderDeveloperPage({ demo: { state: 'running', players: 20_000 } }, 'member');
    const demo = section('Demo data');
    expect(await within(demo).findByRole('progressbar')).toBeInTheDocument();
    expect(within(demo).getByText('Owners and admins can remove demo data.')).toBeInTheDocument();
    expect(within(demo).queryByRole('button', { name: 'Stop and remove' })).not.toBeInTheDocument();
  });

  it('is only for empty projects', async () => {
    renderDeveloperPage({ events: [aStoredEvent()] });
    const demo = section('Demo data');
    expect(await within(demo).findByText(/Demo data is only for empty projects/u)).toBeInTheDocument();
    expect(within(demo).queryByRole('button')).not.toBeInTheDocument();
  });

  it("toasts the server's refusal when real events arrived meanwhile", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderDeveloperPage();
    const demo = section('Demo data');
    const load = await within(demo).findByRole('button', { name: 'Load demo data' });
    await sendEvent(api.keys[0]!.key, { name: 'first', user_id: 'p1' });
    await user.click(load);
    expect(await screen.findByText('This project already receives real events; demo data is only loaded into an empty project.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Demo data load failed', expect.anything());
    expect(await within(demo).findByText(/Demo data is only for empty projects/u)).toBeInTheDocument();
  });
});
