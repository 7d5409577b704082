import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Project } from '@questboard/shared/projects';
import { liveDefinitions } from '@questboard/shared/live-definitions';
import { metricDefinitions } from '@questboard/shared/metric-definitions';
import { type InstallationStatus, supportMessageBodySchema } from '@questboard/shared/support';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AppApiServer, type RouteReplies, startAppApiServer } from '../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../testing/render-page';
import { HelpSupportPage } from './help-support-page';

const spaceMiner: Project = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  name: 'Space Miner',
  description: 'x'.repeat(150),
  identifier: 'space-miner',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};

const configured: InstallationStatus = {
  version: '1.2.3',
  database: 'pglite',
  eventStore: 'duckdb',
  mail: 'smtp',
  googleSignIn: true,
  supportEmail: true,
};

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  dismissToasts();
  await server.close();
});

/** The server's contract for POST /core/support: the shared schema, then 202. */
const supportReplies = (status: InstallationStatus): RouteReplies => ({
  'GET /core/system/status': { status: 200, body: status },
  'POST /core/support': (request) => {
    if (!status.supportEmail)
      return { status: 409, body: { code: 'SUPPORT_NOT_CONFIGURED', message: 'No support address is configured for this installation.' } };
    const parsed = supportMessageBodySchema.safeParse(JSON.parse(request.body));
    if (!parsed.success) return { status: 400, body: { code: 'VALIDATION_FAILED', message: parsed.error.issues[0]?.message } };
    return { status: 202, body: { sent: true } };
  },
});

function renderHelpPage(status: InstallationStatus = configured, path = '/project/space-miner/help-support') {
  server.routes(supportReplies(status));
  const Page = () => <HelpSupportPage project={spaceMiner} />;
  return renderPage(Page, { path, pattern: '/project/:projectId/help-support' });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('help & support page', () => {
  it('shows the SDK quick start, every metric definition, the API reference and the shortcuts', async () => {
    renderHelpPage();
    const quickStart = section('Quick start');
    expect(within(quickStart).getByRole('region', { name: 'SDK quick start code' })).toHaveTextContent(
      "createQuestboard({ key: 'qbk_…', // the project's ingestion key, from its developer page endpoint: 'http://localhost:3000'",
    );
    expect(within(quickStart).getByRole('link', { name: 'Developer page' })).toHaveAttribute('href', '/project/space-miner/developer');

    const metrics = section('Metric definitions');
    for (const metric of metricDefinitions) {
      expect(within(metrics).getByText(metric.name)).toBeInTheDocument();
      expect(within(metrics).getByText(metric.definition)).toBeInTheDocument();
    }

    const docs = within(section('API reference')).getByRole('link', { name: /Open the API reference/u });
    expect(docs).toHaveAttribute('href', '/api/docs');
    expect(docs).toHaveAttribute('target', '_blank');
    expect(docs.getAttribute('rel')).toContain('noopener');

    const shortcuts = section('Keyboard shortcuts');
    expect(within(shortcuts).getAllByRole('term').map((term) => term.textContent)).toEqual(['?', '/']);
    await screen.findByRole('form', { name: 'Contact support' });
  });

  it('explains remote config, rules and live events in the words of docs/product/live-ops.md, with an SDK example', async () => {
    renderHelpPage();
    const live = section('Remote config and live events');
    for (const definition of liveDefinitions) {
      expect(within(live).getByText(definition.name)).toBeInTheDocument();
      expect(within(live).getByText(definition.definition)).toBeInTheDocument();
    }
    const example = within(live).getByRole('region', { name: 'Remote config SDK example' });
    expect(example).toHaveTextContent("qb.getConfig('shop.discount', 0)");
    expect(example).toHaveTextContent('qb.onConfigUpdated((values) =>');
    expect(within(live).getByRole('link', { name: 'Live Ops page' })).toHaveAttribute('href', '/project/space-miner/live-ops');
    await screen.findByRole('form', { name: 'Contact support' });
  });

  it('shows the system status from the status call', async () => {
    renderHelpPage();
    const status = section('System status');
    await within(status).findByText('1.2.3');
    const rows = Object.fromEntries(
      within(status).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(rows).toEqual({
      Version: '1.2.3',
      Database: 'PGlite (embedded)',
      'Event store': 'DuckDB (embedded)',
      Mail: 'SMTP',
      'Google sign-in': 'Configured',
      'Support address': 'Configured',
    });
    expect(server.calls()).toContain('GET /core/system/status');
  });

  it('sends a message: live validation from the shared schema, a counter, the call, a toast, an empty form', async () => {
    const user = userEvent.setup();
    renderHelpPage();
    const form = await screen.findByRole('form', { name: 'Contact support' });
    const subject = within(form).getByRole('textbox', { name: 'Subject' });
    const message = within(form).getByRole('textbox', { name: 'Message' });

    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(subject).toHaveAccessibleDescription('Subject is required');
    expect(subject).toHaveFocus();
    expect(message).toHaveAccessibleDescription(/^Message is required/u);
    await user.type(subject, 'x'.repeat(121));
    expect(subject).toHaveAccessibleDescription('Subject must be at most 120 characters');
    await user.clear(subject);
    await user.type(subject, '  Events missing since Tuesday ');
    expect(subject).not.toHaveAccessibleDescription();
    await user.type(message, 'Our iOS build stopped sending.');
    expect(message).toHaveAccessibleDescription(/30 \/ 5000$/u);
    await user.click(within(form).getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Message sent to support')).toBeInTheDocument();
    expect(server.bodyOf('POST /core/support')).toEqual({
      subject: 'Events missing since Tuesday',
      message: 'Our iOS build stopped sending.',
      projectId: spaceMiner.id,
    });
    await waitFor(() => expect(subject).toHaveValue(''));
    expect(message).toHaveValue('');
  });

  it("shows the server's refusal (rate limit) in the form and logs it under its label", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderHelpPage();
    const form = await screen.findByRole('form', { name: 'Contact support' });
    server.routes({
      ...supportReplies(configured),
      'POST /core/support': {
        status: 429,
        headers: { 'retry-after': '3000' },
        body: { code: 'RATE_LIMITED', message: 'Too many support messages. Please wait and try again.' },
      },
    });
    await user.type(within(form).getByRole('textbox', { name: 'Subject' }), 'Again');
    await user.type(within(form).getByRole('textbox', { name: 'Message' }), 'Hello?');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Too many support messages. Please wait and try again.');
    expect(console.error).toHaveBeenCalledWith('Support message failed', expect.anything());
  });

  it('replaces the form with a clear note when no support address is configured', async () => {
    renderHelpPage({ ...configured, supportEmail: false, mail: 'dev-mailbox', googleSignIn: false });
    const contact = section('Contact support');
    expect(
      await within(contact).findByText('No support address is configured for this installation. Ask your administrator to set SUPPORT_EMAIL.'),
    ).toBeInTheDocument();
    expect(within(contact).queryByRole('form')).not.toBeInTheDocument();
    const status = section('System status');
    expect(within(status).getByText('Dev mailbox (not delivered)')).toBeInTheDocument();
    expect(within(status).getAllByText('Not configured')).toHaveLength(2);
  });

  it('moves the focus to the keyboard shortcuts when opened at #keyboard-shortcuts', async () => {
    renderHelpPage(configured, '/project/space-miner/help-support#keyboard-shortcuts');
    await waitFor(() => expect(document.getElementById('keyboard-shortcuts')).toHaveFocus());
  });
});
