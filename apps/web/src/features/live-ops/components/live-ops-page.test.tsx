import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LiveDraft, LiveVersion } from '@questboard/shared/live-api';
import type { Project } from '@questboard/shared/projects';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { LiveOpsPage } from './live-ops-page';

const project: Project = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  name: 'Lunar Loot',
  description: 'x'.repeat(150),
  identifier: 'lunar-loot',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};
const base = `/core/projects/${project.id}/live`;

const discount = (defaultValue: number) => ({
  name: 'shop.discount',
  type: 'number' as const,
  defaultValue,
  description: 'Shop-wide discount',
  rules: [{ id: 'r1', conditions: [{ kind: 'platform' as const, values: ['ios'] }], rollout: { percentage: 50, salt: 's1' }, value: 0.2 }],
});

const draft: LiveDraft = {
  keys: [discount(0.15)],
  events: [
    { id: 'e1', name: 'Halloween', startsAt: '2026-10-30T00:00:00Z', endsAt: '2026-11-02T00:00:00Z', conditions: [], overrides: [{ key: 'shop.discount', value: 0.3 }] },
  ],
  updatedAt: '2026-10-29T09:00:00.000Z',
  updatedBy: 'ada@studio.example',
  publishedVersion: 1,
  unpublishedChanges: true,
  now: '2026-10-31T12:00:00.000Z',
};

const version1: LiveVersion = {
  version: 1,
  action: 'publish',
  note: 'First config',
  rolledBackTo: null,
  publishedAt: '2026-10-01T09:00:00.000Z',
  publishedBy: 'ada@studio.example',
  keys: 1,
  events: 0,
  snapshot: { keys: [discount(0.1)], events: [] },
};

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer({
    [`GET ${base}/draft`]: { body: draft },
    [`GET ${base}/versions/1`]: { body: version1 },
    [`GET ${base}/versions`]: { body: { current: 1, versions: [(({ snapshot: _snapshot, ...summary }) => summary)(version1)] } },
    [`POST ${base}/preview`]: { body: { values: { 'shop.discount': 0.3 }, source: 'published', version: 1, at: '2026-10-31T12:00:00.000Z' } },
  });
});

afterEach(async () => {
  dismissToasts();
  vi.restoreAllMocks();
  await server.close();
});

function renderLiveOps(canEdit: boolean) {
  const Page = () => <LiveOpsPage project={project} canEdit={canEdit} />;
  return renderPage(Page, { path: '/project/lunar-loot/live-ops', pattern: '/project/:projectSlug/live-ops' });
}

describe('the live-ops page', () => {
  it('shows a member everything read-only: published and draft values, rules, the live event, no editing', async () => {
    renderLiveOps(false);
    const keys = await screen.findByRole('list', { name: 'Config keys' });
    const row = within(keys).getAllByRole('listitem')[0]!;
    expect(row).toHaveTextContent('Changed in draft');
    expect(row).toHaveTextContent('Published0.1Draft0.15');
    expect(within(row).getByRole('list', { name: 'Rules of shop.discount' })).toHaveTextContent('1.platform ios, 50% of them→ 0.2');
    expect(within(screen.getByRole('region', { name: 'Live now' })).getByText('Halloween')).toBeInTheDocument();
    expect(screen.getByText(/Only owners and admins edit the draft, publish and roll back\./u)).toBeInTheDocument();
    for (const name of ['New key', 'Edit key shop.discount', 'Delete key shop.discount', 'Publish', 'New live event']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: /Roll back/u })).not.toBeInTheDocument();

    // Previewing is reading: members may.
    const preview = screen.getByRole('form', { name: 'Preview as player' });
    await userEvent.type(within(preview).getByRole('textbox', { name: 'Player id' }), 'player-7');
    await userEvent.type(within(preview).getByRole('textbox', { name: 'Country' }), 'de');
    await userEvent.click(within(preview).getByRole('button', { name: 'Preview' }));
    expect(await screen.findByRole('table', { name: 'Preview values' })).toHaveTextContent('shop.discount0.3');
    expect(server.bodyOf(`POST ${base}/preview`)).toEqual({ player: { userId: 'player-7', country: 'de' }, source: 'published' });
  });

  it('checks the preview player with the shared schema before asking', async () => {
    renderLiveOps(false);
    const preview = await screen.findByRole('form', { name: 'Preview as player' });
    await userEvent.type(within(preview).getByRole('textbox', { name: 'Properties (JSON)' }), '42');
    await userEvent.click(within(preview).getByRole('button', { name: 'Preview' }));
    expect(within(preview).getByRole('textbox', { name: 'Player id' })).toHaveAccessibleDescription('user_id is required');
    expect(within(preview).getByRole('textbox', { name: 'Properties (JSON)' })).toHaveAccessibleDescription(/Properties must be a JSON object/u);
    expect(server.calls()).not.toContain(`POST ${base}/preview`);
  });

  it('publishes the first version with a note and says so, the sections staying in place meanwhile', async () => {
    let published = false;
    const summary = { version: 1, action: 'publish', note: 'First', rolledBackTo: null, publishedAt: '2026-10-31T12:00:00.000Z', publishedBy: 'ada@studio.example', keys: 1, events: 1 };
    server.routes({
      [`GET ${base}/draft`]: () => ({ body: { ...draft, publishedVersion: published ? 1 : 0, unpublishedChanges: !published } }),
      [`GET ${base}/versions/1`]: { body: { ...version1, snapshot: { keys: draft.keys, events: draft.events } } },
      [`GET ${base}/versions`]: () => ({ body: { current: published ? 1 : 0, versions: published ? [summary] : [] } }),
      [`POST ${base}/publish`]: () => {
        published = true;
        return { status: 201, body: summary };
      },
    });
    renderLiveOps(true);
    const publish = await screen.findByRole('form', { name: 'Publish the draft' });
    expect(screen.getByText(/Nothing published yet/u)).toBeInTheDocument();
    await userEvent.type(within(publish).getByRole('textbox', { name: 'Note' }), 'First');
    await userEvent.click(within(publish).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Version 1 published')).toBeInTheDocument();
    expect(await screen.findByText(/Version 1 is live\./u)).toBeInTheDocument();
    expect(within(publish).getByRole('textbox', { name: 'Note' })).toHaveValue('');
    // The draft markers go once the published version's snapshot has loaded.
    await waitFor(() => expect(screen.queryAllByText('New in draft')).toHaveLength(0));
  });

  it("shows an owner every problem of a refused publish, as the server lists them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({
      [`GET ${base}/draft`]: { body: draft },
      [`GET ${base}/versions/1`]: { body: version1 },
      [`GET ${base}/versions`]: { body: { current: 1, versions: [] } },
      [`POST ${base}/publish`]: {
        status: 400,
        body: {
          code: 'LIVE_CONFIG_INVALID',
          message: 'The draft has 1 problem; nothing was published.',
          issues: [{ path: 'events.0.overrides.0.key', message: 'Live event "Halloween", override of shop.sale: There is no key shop.sale to override' }],
        },
      },
    });
    renderLiveOps(true);
    const publish = await screen.findByRole('form', { name: 'Publish the draft' });
    await userEvent.type(within(publish).getByRole('textbox', { name: 'Note' }), '  Halloween  ');
    await userEvent.click(within(publish).getByRole('button', { name: 'Publish' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The draft has 1 problem; nothing was published.');
    expect(alert).toHaveTextContent('There is no key shop.sale to override');
    expect(server.bodyOf(`POST ${base}/publish`)).toEqual({ note: 'Halloween' });
    expect(console.error).toHaveBeenCalledWith('Live config publish failed', expect.anything());
  });
});
