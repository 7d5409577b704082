import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Experiment, ExperimentList, ExperimentResults } from '@questboard/shared/experiments-api';
import type { LiveDraft, LiveVersion } from '@questboard/shared/live-api';
import type { Project } from '@questboard/shared/projects';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts, renderPage } from '../../../testing/render-page';
import { testOrganisation } from '../../../testing/test-auth-provider';
import type { ChartSlotProps } from './chart-slot';
import { ExperimentsPage } from './experiments-page';

const project: Project = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  name: 'Lunar Loot',
  description: 'x'.repeat(150),
  identifier: 'lunar-loot',
  createdAt: '2026-03-04T10:00:00.000Z',
  updatedAt: '2026-03-04T10:00:00.000Z',
};
const base = `/core/projects/${project.id}`;

const difficultyKey = { name: 'levels.difficulty', type: 'string' as const, defaultValue: 'normal', description: 'Level difficulty', rules: [] };
const livesKey = { name: 'levels.lives', type: 'number' as const, defaultValue: 3, description: 'Lives per level', rules: [] };
const liveDraft: LiveDraft = {
  keys: [difficultyKey, livesKey],
  events: [],
  updatedAt: '2026-10-29T09:00:00.000Z',
  updatedBy: 'ada@studio.example',
  publishedVersion: 2,
  unpublishedChanges: false,
  now: '2026-11-20T12:00:00.000Z',
};
const liveVersion: LiveVersion = {
  version: 2,
  action: 'publish',
  note: 'Lives',
  rolledBackTo: null,
  publishedAt: '2026-10-01T09:00:00.000Z',
  publishedBy: 'ada@studio.example',
  keys: 2,
  events: 0,
  snapshot: { keys: [difficultyKey, livesKey], events: [] },
};

const running: Experiment = {
  key: 'difficulty',
  hypothesis: 'An easier level 3 keeps more new players to day 7.',
  variants: [
    { key: 'control', name: 'Control', weight: 1, overrides: [] },
    { key: 'easy', name: 'Easy', weight: 1, overrides: [{ key: 'levels.difficulty', value: 'easy' }] },
  ],
  targeting: [{ kind: 'platform', values: ['ios'] }],
  audiencePercentage: 50,
  layer: null,
  primaryMetric: { kind: 'retention', days: 7 },
  secondaryMetrics: [{ kind: 'revenue', days: 7 }],
  higherIsBetter: true,
  minimumDetectableEffect: 0.02,
  plannedPlayersPerVariant: 9000,
  status: 'running',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdBy: 'ada@studio.example',
  updatedAt: '2026-11-02T10:00:00.000Z',
  startedAt: '2026-11-02T10:00:00.000Z',
  stoppedAt: null,
  shippedVariant: null,
};

const list: ExperimentList = {
  experiments: [
    { key: 'difficulty', hypothesis: running.hypothesis, status: 'running', startedAt: running.startedAt, stoppedAt: null, layer: null, shippedVariant: null, updatedAt: running.updatedAt, variants: 2, shippedVariantName: null, exposedPlayers: 20_000 },
    { key: 'shop-discount', hypothesis: '', status: 'draft', startedAt: null, stoppedAt: null, layer: null, shippedVariant: null, updatedAt: running.updatedAt, variants: 3, shippedVariantName: null, exposedPlayers: 0 },
    { key: 'bigger-lives', hypothesis: '', status: 'stopped', startedAt: running.startedAt, stoppedAt: running.updatedAt, layer: null, shippedVariant: 'b', updatedAt: running.updatedAt, variants: 2, shippedVariantName: 'Five lives', exposedPlayers: 9_000 },
  ],
};

const verdictText = 'Easy raises D7 retention by 1.2 to 3.4 points; safe to ship.';
const results = (mismatch: boolean): ExperimentResults => ({
  key: 'difficulty',
  status: 'running',
  at: '2026-11-20T12:00:00.000Z',
  exposures: [
    { variant: 'control', players: mismatch ? 9_600 : 10_060, expectedShare: 0.5 },
    { variant: 'easy', players: mismatch ? 10_400 : 9_940, expectedShare: 0.5 },
  ],
  mixedPlayers: 0,
  unknownVariantPlayers: 0,
  sampleRatio: mismatch ? { chiSquared: 32, pValue: 1.5e-8, mismatch: true } : { chiSquared: 0.72, pValue: 0.4, mismatch: false },
  metrics: [
    {
      metric: { kind: 'retention', days: 7 },
      name: 'D7 retention',
      unit: null,
      primary: true,
      variants: [
        { variant: 'control', players: 9_600, estimate: 0.2, absolute: null, relative: null, pValue: null, significant: false, cuped: true, verdict: null },
        {
          variant: 'easy',
          players: 10_400,
          estimate: 0.223,
          absolute: { estimate: 0.023, fixed: { lower: 0.012, upper: 0.034 }, alwaysValid: { lower: 0.008, upper: 0.038 } },
          relative: { estimate: 0.115, fixed: { lower: 0.06, upper: 0.17 }, alwaysValid: null },
          pValue: 0.0004,
          significant: true,
          cuped: true,
          verdict: mismatch
            ? { kind: 'mismatch', text: 'Players did not split between the variants as the weights say (sample ratio mismatch); do not trust these results until the cause is fixed.' }
            : { kind: 'better', text: verdictText },
        },
      ],
    },
    {
      metric: { kind: 'revenue', days: 7 },
      name: 'revenue per player within 7 days',
      unit: 'EUR',
      primary: false,
      variants: [
        { variant: 'control', players: 9_600, estimate: 0.42, absolute: null, relative: null, pValue: null, significant: false, cuped: false, verdict: null },
        {
          variant: 'easy',
          players: 10_400,
          estimate: 0.45,
          absolute: { estimate: 0.03, fixed: { lower: -0.02, upper: 0.08 }, alwaysValid: { lower: -0.05, upper: 0.11 } },
          relative: { estimate: 0.071, fixed: { lower: -0.05, upper: 0.19 }, alwaysValid: null },
          pValue: 0.6,
          significant: false,
          cuped: false,
          verdict: null,
        },
      ],
    },
  ],
  daily: [
    { day: '2026-11-02', variants: [{ variant: 'control', players: 900, estimate: 0.19, absolute: null }, { variant: 'easy', players: 950, estimate: 0.22, absolute: null }] },
    { day: '2026-11-03', variants: [{ variant: 'control', players: 1900, estimate: 0.2, absolute: null }, { variant: 'easy', players: 1950, estimate: 0.224, absolute: null }] },
  ],
});

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer({
    [`GET ${base}/experiments`]: { body: list },
    [`GET ${base}/experiments/difficulty`]: { body: running },
    [`GET ${base}/experiments/difficulty/results`]: { body: results(false) },
    [`GET ${base}/live/draft`]: { body: liveDraft },
    [`GET ${base}/live/versions/2`]: { body: liveVersion },
  });
});

afterEach(async () => {
  dismissToasts();
  vi.restoreAllMocks();
  await server.close();
});

// The chart's text alternative stands in for the analytics chart the app hands in.
const renderChart = ({ ariaLabel, table }: ChartSlotProps) => (
  <table aria-label={ariaLabel}>
    <tbody>
      {table.rows.map((row) => (
        <tr key={String(row[0])}>
          {row.map((cell, index) => (
            <td key={index}>{cell}</td>
          ))}
        </tr>
      ))}
    </tbody>
  </table>
);

/** Types a field's new text in one go (pasted): the form re-renders on every key otherwise. */
async function fill(field: HTMLElement, text: string) {
  await userEvent.clear(field);
  await userEvent.click(field);
  await userEvent.paste(text);
}

function renderExperiments({ canEdit = true, path = '/project/lunar-loot/experiments' } = {}) {
  const Page = () => <ExperimentsPage project={project} canEdit={canEdit} renderChart={renderChart} />;
  return renderPage(Page, {
    path,
    pattern: '/project/:projectSlug/experiments',
    auth: { organisation: { ...testOrganisation, role: canEdit ? 'owner' : 'member' } },
  });
}

describe('the experiments page', () => {
  it('explains what an experiment is when there is none, and offers to create one', async () => {
    server.routes({ [`GET ${base}/experiments`]: { body: { experiments: [] } } });
    renderExperiments();
    expect(await screen.findByText(/An experiment gives randomly chosen players different config values/u)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New experiment' })).toHaveAttribute('href', '/project/lunar-loot/experiments?new');
  });

  it('lists drafts and running experiments with their status and exposed players, and opens one', async () => {
    const { router } = renderExperiments();
    const table = await screen.findByRole('table');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('difficulty');
    expect(first).toHaveTextContent('Running');
    expect(first).toHaveTextContent('20,000');
    expect(second).toHaveTextContent('shop-discount');
    expect(second).toHaveTextContent('Draft');
    // A shipped experiment says which variant by the name people gave it, as its own page does.
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('StoppedShipped Five lives');
    await userEvent.click(within(first!).getByRole('link', { name: 'difficulty' }));
    expect(router.state.location.search).toBe('?experiment=difficulty');
    expect(await screen.findByRole('heading', { name: 'difficulty' })).toBeInTheDocument();
  });

  it('creates a draft, showing the sample size per variant as the baseline and effect are typed', async () => {
    const created = { ...running, key: 'easier-level-3', status: 'draft' as const, startedAt: null, secondaryMetrics: [], targeting: [], audiencePercentage: 100, plannedPlayersPerVariant: 4519, minimumDetectableEffect: 0.03, primaryMetric: { kind: 'retention' as const, days: 1 } };
    server.routes({
      [`GET ${base}/live/draft`]: { body: liveDraft },
      [`GET ${base}/live/versions/2`]: { body: liveVersion },
      [`POST ${base}/experiments`]: { status: 201, body: created },
      [`GET ${base}/experiments/easier-level-3`]: { body: created },
    });
    const { router } = renderExperiments({ path: '/project/lunar-loot/experiments?new' });
    const form = await screen.findByRole('form', { name: 'New experiment' });
    await fill(within(form).getByRole('textbox', { name: 'Experiment key' }), 'easier-level-3');
    await fill(within(form).getByRole('textbox', { name: 'Hypothesis' }), 'An easier level 3 keeps more players.');
    await fill(within(form).getByRole('textbox', { name: 'Variant 2 name' }), 'Easy');
    await fill(within(form).getByRole('textbox', { name: 'Variant 2 key' }), 'easy');
    await userEvent.click(within(form).getByRole('button', { name: 'Add config value to variant 2' }));
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Variant 2, value 1: key' }), 'levels.difficulty');
    const value = within(form).getByRole('textbox', { name: 'Variant 2, value 1: value' });
    expect(value).toHaveValue('normal');
    await fill(value, 'easy');
    await fill(within(form).getByRole('textbox', { name: 'Primary metric: N (days)' }), '1');

    const output = within(form).getByRole('status');
    expect(output).toHaveTextContent('Sample size: enter the baseline and the minimum detectable effect');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Control rate (%)' }), '40');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Minimum detectable effect (points)' }), '3');
    expect(output).toHaveTextContent('Sample size: 4,519 players per variant');

    await userEvent.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect(await screen.findByText('Draft easier-level-3 created')).toBeInTheDocument();
    expect(server.bodyOf(`POST ${base}/experiments`)).toEqual({
      key: 'easier-level-3',
      hypothesis: 'An easier level 3 keeps more players.',
      variants: [
        { key: 'control', name: 'Control', weight: 1, overrides: [] },
        { key: 'easy', name: 'Easy', weight: 1, overrides: [{ key: 'levels.difficulty', value: 'easy' }] },
      ],
      targeting: [],
      audiencePercentage: 100,
      layer: null,
      primaryMetric: { kind: 'retention', days: 1 },
      secondaryMetrics: [],
      higherIsBetter: true,
      minimumDetectableEffect: 0.03,
      plannedPlayersPerVariant: 4519,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?experiment=easier-level-3'));
    expect(await screen.findByRole('heading', { name: 'easier-level-3' })).toBeInTheDocument();
  });

  it('edits a draft in the form, keeping its planned size, then starts it after saying what happens', async () => {
    const draft: Experiment = { ...running, key: 'shop-discount', status: 'draft', startedAt: null, secondaryMetrics: [] };
    const started: Experiment = { ...draft, status: 'running', startedAt: '2026-11-20T12:00:00.000Z' };
    let status: 'draft' | 'running' = 'draft';
    server.routes({
      [`GET ${base}/live/draft`]: { body: liveDraft },
      [`GET ${base}/live/versions/2`]: { body: liveVersion },
      [`GET ${base}/experiments/shop-discount`]: () => ({ body: status === 'draft' ? draft : started }),
      [`GET ${base}/experiments/shop-discount/results`]: { body: { ...results(false), key: 'shop-discount' } },
      [`PUT ${base}/experiments/shop-discount`]: { body: draft },
      [`POST ${base}/experiments/shop-discount/start`]: () => {
        status = 'running';
        return { body: started };
      },
    });
    const { router } = renderExperiments({ path: '/project/lunar-loot/experiments?experiment=shop-discount' });
    await userEvent.click(await screen.findByRole('link', { name: 'Edit draft' }));
    const form = await screen.findByRole('form', { name: 'Edit shop-discount' });
    expect(within(form).getByRole('textbox', { name: 'Experiment key' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Variant 2, value 1: value' })).toHaveValue('easy');
    expect(within(form).getByRole('status')).toHaveTextContent('Sample size: 9,000 players per variant (as planned; enter the baseline to plan again)');
    await fill(within(form).getByRole('textbox', { name: 'Audience share (%)' }), '25');
    await userEvent.click(within(form).getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Draft shop-discount saved')).toBeInTheDocument();
    expect(server.bodyOf(`PUT ${base}/experiments/shop-discount`)).toMatchObject({ key: 'shop-discount', audiencePercentage: 25, minimumDetectableEffect: 0.02, plannedPlayersPerVariant: 9000 });
    await waitFor(() => expect(router.state.location.search).toBe('?experiment=shop-discount'));

    await userEvent.click(await screen.findByRole('button', { name: 'Start experiment' }));
    const dialog = screen.getByRole('dialog', { name: 'Start shop-discount?' });
    expect(dialog).toHaveTextContent('Players who match its targeting get their variant the next time the game reads its config');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start experiment' }));
    expect(await screen.findByText('Experiment shop-discount started')).toBeInTheDocument();
    expect(server.calls()).toContain(`POST ${base}/experiments/shop-discount/start`);
    expect(await screen.findByRole('list', { name: 'Verdicts' })).toBeInTheDocument();
  });

  it('shows the schema’s messages under the fields and sends nothing while one is wrong', async () => {
    renderExperiments({ path: '/project/lunar-loot/experiments?new' });
    const form = await screen.findByRole('form', { name: 'New experiment' });
    await userEvent.type(within(form).getByRole('textbox', { name: 'Audience share (%)' }), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Create draft' }));
    expect(within(form).getByRole('textbox', { name: 'Experiment key' })).toHaveAccessibleDescription('Enter the experiment key');
    expect(within(form).getByRole('textbox', { name: 'Audience share (%)' })).toHaveAccessibleDescription('The audience share must be from 0.01 to 100%');
    expect(within(form).getByRole('textbox', { name: 'Minimum detectable effect (points)' })).toHaveAccessibleDescription('Enter the minimum detectable effect');
    expect(within(form).getByRole('alert')).toHaveTextContent(/Nothing was saved/u);
    expect(server.calls()).not.toContain(`POST ${base}/experiments`);
  });

  it('reads the results: verdict, interval chart, chart over time and the metric table', async () => {
    renderExperiments({ path: '/project/lunar-loot/experiments?experiment=difficulty' });
    const verdicts = await screen.findByRole('list', { name: 'Verdicts' });
    expect(verdicts).toHaveTextContent(`Easy: ${verdictText}`);
    expect(screen.queryByText(/Sample ratio mismatch/u)).not.toBeInTheDocument();
    const chart = screen.getByRole('figure', { name: 'Difference from control in D7 retention (percentage points)' });
    expect(chart).toHaveTextContent('Easy: +2.3 pts (95% interval 1.2 to 3.4 pts; always-valid 0.8 to 3.8 pts), significant');
    expect(screen.getByRole('table', { name: 'D7 retention per variant, cumulative by day' })).toHaveTextContent('2026-11-0320.0% (1,900)22.4% (1,950)');
    const table = screen.getByRole('region', { name: 'D7 retention by variant' });
    const easy = within(table).getByRole('row', { name: /^Easy/u });
    expect(easy).toHaveTextContent('Easy10,40022.3%+2.3 pts1.2 to 3.4 pts+12%6% to 17%0.8 to 3.8 pts< 0.001Yes');
    expect(screen.getByText('CUPED-adjusted')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Exposure problems' })).not.toBeInTheDocument();
    // A mean says its unit: revenue in the project's reporting currency.
    expect(screen.getByText('A mean per player, in EUR; differences in EUR.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'revenue per player within 7 days by variant' })).getByRole('row', { name: /^Easy/u })).toHaveTextContent('Easy10,4000.45+0.03');
  });

  it('says how many players were exposed to two variants or to one the experiment lacks', async () => {
    server.routes({
      [`GET ${base}/experiments/difficulty`]: { body: running },
      [`GET ${base}/experiments/difficulty/results`]: { body: { ...results(false), mixedPlayers: 1, unknownVariantPlayers: 1_204 } },
    });
    renderExperiments({ path: '/project/lunar-loot/experiments?experiment=difficulty' });
    const problems = await screen.findByRole('list', { name: 'Exposure problems' });
    expect(within(problems).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1 player was exposed to more than one variant: each counts in the variant of their first exposure. The game should keep a player in one variant; check how it caches the config.',
      "1,204 players' first exposures name a variant this experiment does not have: left out of every figure.",
    ]);
  });

  it('warns loudly of a sample ratio mismatch', async () => {
    server.routes({
      [`GET ${base}/experiments/difficulty`]: { body: running },
      [`GET ${base}/experiments/difficulty/results`]: { body: results(true) },
    });
    renderExperiments({ path: '/project/lunar-loot/experiments?experiment=difficulty' });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Sample ratio mismatch: do not trust these results');
    expect(banner).toHaveTextContent('(p < 0.001): Control 48.0% for 50.0% expected, Easy 52.0% for 50.0% expected');
    expect(screen.getByRole('list', { name: 'Verdicts' })).toHaveTextContent(/do not trust these results until the cause is fixed/u);
    await userEvent.click(screen.getByRole('button', { name: 'Ship variant Easy' }));
    expect(screen.getByRole('dialog', { name: 'Ship Easy?' })).toHaveTextContent(/Careful: the players did not split as the weights say/u);
  });

  it('ships a variant after saying what will happen', async () => {
    const shipped = { ...running, status: 'stopped' as const, stoppedAt: '2026-11-20T12:00:00.000Z', shippedVariant: 'easy' };
    let done = false;
    server.routes({
      [`GET ${base}/experiments/difficulty`]: () => ({ body: done ? shipped : running }),
      [`GET ${base}/experiments/difficulty/results`]: { body: results(false) },
      [`POST ${base}/experiments/difficulty/ship`]: () => {
        done = true;
        return { body: shipped };
      },
    });
    renderExperiments({ path: '/project/lunar-loot/experiments?experiment=difficulty' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ship variant Easy' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship Easy?' });
    expect(dialog).toHaveTextContent('Ship Easy: its values become the defaults of levels.difficulty for every player; the experiment stops.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship Easy' }));
    expect(await screen.findByText('Easy shipped: the live config has its values')).toBeInTheDocument();
    expect(server.bodyOf(`POST ${base}/experiments/difficulty/ship`)).toEqual({ variant: 'easy' });
    expect(await screen.findByText('Shipped Easy')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Ship variant/u })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the API’s message when it refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({
      [`GET ${base}/experiments/difficulty`]: { body: running },
      [`GET ${base}/experiments/difficulty/results`]: { body: results(false) },
      [`POST ${base}/experiments/difficulty/stop`]: { status: 409, body: { code: 'EXPERIMENT_STATUS', message: 'The experiment "difficulty" is stopped: only a running experiment can be stopped.' } },
    });
    renderExperiments({ path: '/project/lunar-loot/experiments?experiment=difficulty' });
    await userEvent.click(await screen.findByRole('button', { name: 'Stop experiment' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop difficulty?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop experiment' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The experiment "difficulty" is stopped: only a running experiment can be stopped.');
    expect(console.error).toHaveBeenCalledWith('Experiment stop failed', expect.anything());
  });

  it('shows each problem of a ship that publishing refuses', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({
      [`GET ${base}/experiments/difficulty`]: { body: running },
      [`GET ${base}/experiments/difficulty/results`]: { body: results(false) },
      [`POST ${base}/experiments/difficulty/ship`]: {
        status: 400,
        body: {
          code: 'LIVE_CONFIG_INVALID',
          message: 'The draft has 1 problem; nothing was published.',
          issues: [{ path: 'keys.0.defaultValue', message: 'Key "levels.difficulty": the value must be text' }],
        },
      },
    });
    renderExperiments({ path: '/project/lunar-loot/experiments?experiment=difficulty' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ship variant Easy' }));
    const dialog = screen.getByRole('dialog', { name: 'Ship Easy?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship Easy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The draft has 1 problem; nothing was published. Key "levels.difficulty": the value must be text');
    expect(console.error).toHaveBeenCalledWith('Experiment ship failed', expect.anything());
  });

  it('shows a member everything read-only: no new, edit, start, stop or ship', async () => {
    renderExperiments({ canEdit: false });
    await screen.findByRole('table');
    expect(screen.queryByRole('link', { name: 'New experiment' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'difficulty' }));
    expect(await screen.findByRole('list', { name: 'Verdicts' })).toBeInTheDocument();
    expect(screen.queryAllByRole('button').filter((button) => /Ship|Stop|Start|Delete|Edit/u.test(button.textContent))).toEqual([]);
    expect(screen.queryByRole('link', { name: 'Edit draft' })).not.toBeInTheDocument();
  });
});
