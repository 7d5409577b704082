import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RETENTION_DAYS } from '@questboard/shared/analytics-view';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';
import { describe, expect, it, vi } from 'vitest';

import {  } from '../testing/analytics-api-stand-in';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage, searchOf } from '../testing/render-analytics-page';
import { Component as EngagementRetentionPage } from './engagement-retention';
import { skippedHeadingLevels } from '../../../testing/heading-order';

const t = analyticsTestServer();

const renderPage = (search = '?from=2026-03-01&to=2026-03-02') =>
  renderAnalyticsPage(EngagementRetentionPage, { page: 'engagement-retention', search });

/** Two cohorts: the first has reached day 2, the second only its install day. */
function twoCohorts(mode: 'classic' | 'rolling'): Retention {
  const padded = (values: number[]) => Array.from({ length: RETENTION_DAYS + 1 }, (_, day) => values[day] ?? null);
  return {
    mode,
    cohorts: [
      { cohort: '2026-03-01', size: 1200, values: padded(mode === 'classic' ? [1, 0.423, 0.051] : [1, 0.5, 0.3]) },
      { cohort: '2026-03-02', size: 1, values: padded([1]) },
    ],
    curve: Array.from({ length: RETENTION_DAYS + 1 }, (_, day) => ({
      day,
      rate: day === 0 ? 1 : day === 1 ? 0.42 : day === 7 ? 0.15 : null,
      cohortUsers: day < 2 ? 1201 : 1200,
    })),
    curveCohorts: { from: '2026-03-01', to: '2026-03-01', users: 1200, lastDay: 1 },
  };
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell');

describe('engagement & retention page: the cohort matrix', () => {
  it('shows each cohort with its date and size, a cell per day coloured by rate, and blank cells not reached yet', async () => {
    t.serve();
    t.api.answer('retention', (query: { raw: Record<string, string> }) =>
      twoCohorts(query.raw.mode === 'rolling' ? 'rolling' : 'classic'),
    );
    renderPage();
    expect(screen.getByRole('status', { name: 'Loading engagement and retention...' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: /^Classic retention by install cohort/u });
    // The cards' h3 titles sit under an h2 after the page's h1 (axe heading-order, issue 21).
    expect(skippedHeadingLevels()).toEqual([]);
    const [header, first, second] = within(table).getAllByRole('row');
    const columns = within(header!).getAllByRole('columnheader');
    expect(columns).toHaveLength(RETENTION_DAYS + 2);
    expect(columns[0]).toHaveTextContent('Cohort');
    expect(columns[1]).toHaveTextContent('Day 0');
    expect(columns.at(-1)).toHaveTextContent('Day 30');

    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Mar 1, 20261,200 users');
    const cells = cellsOf(first!);
    expect(cells).toHaveLength(RETENTION_DAYS + 1);
    expect(cells.slice(0, 3).map((cell) => cell.textContent)).toEqual(['100%', '42.3%', '5.1%']);
    expect(cells.slice(0, 4).map((cell) => cell.dataset.level)).toEqual(['6', '4', '1', 'none']);
    expect(cells[1]).toHaveAttribute('title', 'Mar 1, 2026 cohort (1,200 users), day 1: 42.3% active on day 1');
    expect(cells[3]).toHaveTextContent('Not reached yet');
    expect(within(cells[3]!).getByText('Not reached yet')).toHaveClass('sr-only');
    expect(within(second!).getByRole('rowheader')).toHaveTextContent('Mar 2, 20261 user');
    expect(cellsOf(second!).filter((cell) => cell.textContent === 'Not reached yet')).toHaveLength(RETENTION_DAYS);

    // The legend names every colour, and the scroll container can be reached by keyboard.
    const legend = screen.getByRole('list', { name: 'Colour scale' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Under 5%', '5–10%', '10–20%', '20–30%', '30–45%', '45–60%', '60% or more', 'Not reached yet']);
    expect(screen.getByRole('region', { name: /^Classic retention by install cohort/u })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('switches between classic and rolling retention through the URL and asks the server again', async () => {
    const user = userEvent.setup();
    t.serve();
    t.api.answer('retention', (query: { raw: Record<string, string> }) =>
      twoCohorts(query.raw.mode === 'rolling' ? 'rolling' : 'classic'),
    );
    const { router } = renderPage();
    await screen.findByRole('table', { name: /^Classic retention by install cohort/u });
    const modes = screen.getByRole('group', { name: 'Retention mode' });
    expect(within(modes).getByRole('radio', { name: 'Classic' })).toBeChecked();
    expect(t.api.lastQuery('retention')).toMatchObject({ from: '2026-03-01', to: '2026-03-02', mode: 'classic' });

    await user.click(within(modes).getByRole('radio', { name: 'Rolling' }));
    expect(searchOf(router)).toEqual({ from: '2026-03-01', to: '2026-03-02', mode: 'rolling' });
    const rolling = await screen.findByRole('table', { name: /^Rolling retention by install cohort/u });
    expect(
      cellsOf(within(rolling).getAllByRole('row')[1]!)
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['100%', '50%', '30%']);
    expect(t.api.lastQuery('retention')).toMatchObject({ mode: 'rolling' });
    expect(within(modes).getByRole('radio', { name: 'Rolling' })).toBeChecked();

    await user.click(within(modes).getByRole('radio', { name: 'Classic' }));
    expect(searchOf(router)).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(await screen.findByRole('table', { name: /^Classic retention by install cohort/u })).toBeInTheDocument();
  });

  it('opens in rolling mode from the URL and keeps the shared view in the request', async () => {
    t.serve();
    renderPage('?range=last-7&granularity=week&mode=rolling');
    expect(await screen.findByRole('table', { name: /^Rolling retention by install cohort/u })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rolling' })).toBeChecked();
    expect(t.api.lastQuery('retention')).toMatchObject({ granularity: 'week', mode: 'rolling' });
    expect(t.api.lastQuery('engagement')).not.toHaveProperty('mode');
  });
});

describe('engagement & retention page: curve and engagement', () => {
  it('draws the retention curve, the session length buckets, the trends and the totals, each with its figures', async () => {
    t.serve();
    t.api.answer('retention', twoCohorts('classic'));
    renderPage();

    const curve = await screen.findByRole('table', { name: 'Classic retention curve, day 0 to day 30' });
    const curveRows = within(curve).getAllByRole('row');
    expect(curveRows[0]).toHaveTextContent('DayClassic retentionPlayers followed');
    expect(curveRows[2]).toHaveTextContent('Day 142%1,201');
    expect(curveRows[3]).toHaveTextContent('Day 2—1,200');
    expect(screen.getByText('Classic retention of all cohorts together: day 1 42%, day 7 15%.')).toBeInTheDocument();

    const lengths = within(screen.getByRole('table', { name: 'Sessions by session length' })).getAllByRole('row');
    expect(lengths).toHaveLength(9);
    expect(lengths[1]).toHaveTextContent('Under 10 s100');
    expect(lengths[8]).toHaveTextContent('1 h or more800');

    const perDau = within(screen.getByRole('table', { name: 'Sessions per DAU over time' })).getAllByRole('row');
    expect(perDau.map((row) => row.textContent)).toEqual(['DateSessions per DAU', 'Mar 1, 20261.8', 'Mar 2, 20261.8']);
    const length = within(screen.getByRole('table', { name: 'Average session length over time' })).getAllByRole('row');
    expect(length.map((row) => row.textContent)).toEqual([
      'DateAverage session length',
      'Mar 1, 20261m 20s',
      'Mar 2, 20261m 21s',
    ]);

    const value = (name: string) => within(screen.getByRole('group', { name })).getByTestId('metric-value');
    expect(value('Sessions')).toHaveTextContent('5,200');
    expect(value('Average session length')).toHaveTextContent('1m 23s');
    expect(value('Median session length')).toHaveTextContent('1m 01s');
    expect(value('Sessions per DAU')).toHaveTextContent('1.8');
  });

  it('explains how to get data when the project has none in the range', async () => {
    t.serve({ empty: true });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No events in this range' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send events or load demo data' })).toHaveAttribute(
      'href',
      '/project/dragon-quest-mobile/developer',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a failed retention load in its section and loads again on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    t.serve();
    t.api.fail('retention');
    renderPage();
    const section = await screen.findByRole('region', { name: 'Cohort retention' }, { timeout: 5000 });
    expect(within(section).getByRole('alert')).toHaveTextContent('Something broke on the server.');
    expect(console.error).toHaveBeenCalledWith('Retention analytics failed', expect.anything());
    // The engagement figures still show.
    expect(screen.getByRole('group', { name: 'Sessions' })).toBeInTheDocument();

    t.api.fail('retention', false);
    await user.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: /^Classic retention by install cohort/u })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
