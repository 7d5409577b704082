import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardChart } from '@questboard/shared/analytics-dashboard';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { dragonQuest } from '../testing/analytics-api-stand-in';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage } from '../testing/render-analytics-page';
import { ORDER_FAILED_MESSAGE } from '../lib/dashboard-order';
import { Component as DashboardPage } from './dashboard';

const t = analyticsTestServer();
beforeEach(() => {
  t.serve();
});

const base = `/core/projects/${dragonQuest.id}/dashboard`;

function pinned(
  title: string,
  query: Partial<DashboardChart['query']> = {},
  chartType: DashboardChart['chartType'] = 'line',
): DashboardChart {
  const chart: DashboardChart = {
    id: crypto.randomUUID(),
    title,
    chartType,
    query: {
      event: null,
      measure: 'count',
      property: null,
      breakdown: 'none',
      granularity: 'day',
      platform: [],
      country: [],
      app_version: [],
      ...query,
    },
    createdAt: '2026-03-04T10:00:00.000Z',
  };
  t.api.dashboard.charts.push(chart);
  return chart;
}

const renderDashboard = (search = '?from=2026-03-01&to=2026-03-02') =>
  renderAnalyticsPage(DashboardPage, { page: 'dashboard', search });
const cardTitles = () =>
  within(screen.getByRole('list', { name: 'Pinned charts' }))
    .getAllByRole('heading')
    .map((heading) => heading.textContent);

describe('dashboard', () => {
  it('explains an empty dashboard and links to the explorer', async () => {
    renderDashboard();
    expect(screen.getByRole('status', { name: 'Loading dashboard...' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No charts pinned yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pin charts from Analytics' })).toHaveAttribute(
      'href',
      '/project/dragon-quest-mobile/analytics',
    );
    expect(t.server.calls()).toContain(`GET ${base}`);
  });

  it("runs each chart's stored query over the dashboard's range, with its own granularity and filters", async () => {
    pinned('Daily events');
    pinned(
      'Buyers by platform',
      { event: 'purchase', measure: 'users', breakdown: 'platform', granularity: 'week', country: ['DE', 'FR'] },
      'bar',
    );
    pinned('Level table', { event: 'level_complete', breakdown: 'name' }, 'table');
    renderDashboard();

    await waitFor(() => expect(cardTitles()).toEqual(['Daily events', 'Buyers by platform', 'Level table']));
    expect(screen.getByText('Bar chart by week · Country: DE, FR')).toBeInTheDocument();
    await waitFor(() => expect(t.api.queries('explore')).toHaveLength(3));
    expect(t.api.queries('explore')).toEqual(
      expect.arrayContaining([
        { from: '2026-03-01', to: '2026-03-02', granularity: 'day', measure: 'count', breakdown: 'none' },
        {
          from: '2026-03-01',
          to: '2026-03-02',
          granularity: 'week',
          country: 'DE,FR',
          event: 'purchase',
          measure: 'users',
          breakdown: 'platform',
        },
        {
          from: '2026-03-01',
          to: '2026-03-02',
          granularity: 'day',
          event: 'level_complete',
          measure: 'count',
          breakdown: 'name',
        },
      ]),
    );
    expect(await screen.findByRole('img', { name: 'Daily events' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Level table' });
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent('Total2018');
    expect(screen.getByRole('link', { name: 'Open “Buyers by platform” in Analytics' })).toHaveAttribute(
      'href',
      '/project/dragon-quest-mobile/analytics?from=2026-03-01&to=2026-03-02&granularity=week&country=DE%2CFR&event=purchase&measure=users&breakdown=platform&chart=bar',
    );
    // The range applies to every chart: no granularity or filter controls here.
    const toolbar = screen.getByRole('region', { name: 'View' });
    expect(within(toolbar).queryByRole('group', { name: 'Granularity' })).not.toBeInTheDocument();
    expect(within(toolbar).queryByRole('group', { name: 'Filters' })).not.toBeInTheDocument();
  });

  it('moves a chart down and up by keyboard-operable buttons, saving the whole order', async () => {
    const user = userEvent.setup();
    const first = pinned('First');
    const second = pinned('Second');
    const third = pinned('Third');
    renderDashboard();
    await waitFor(() => expect(cardTitles()).toEqual(['First', 'Second', 'Third']));
    expect(screen.getByRole('button', { name: 'Move “First” up' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Move “Third” down' })).toHaveAttribute('aria-disabled', 'true');

    const down = screen.getByRole('button', { name: 'Move “First” down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(cardTitles()).toEqual(['Second', 'First', 'Third']);
    expect(down).toHaveFocus();
    expect(screen.getByText('Moved “First” to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() =>
      expect(t.server.bodyOf(`PUT ${base}/order`)).toEqual({ chartIds: [second.id, first.id, third.id] }),
    );
    await waitFor(() => expect(t.api.dashboard.charts.map((chart) => chart.title)).toEqual(['Second', 'First', 'Third']));

    await user.click(screen.getByRole('button', { name: 'Move “Third” up' }));
    expect(cardTitles()).toEqual(['Second', 'Third', 'First']);
    await waitFor(() => expect(t.api.dashboard.charts.map((chart) => chart.title)).toEqual(['Second', 'Third', 'First']));
    // At an end, the button does nothing (and keeps focus instead of being disabled under it).
    await user.click(screen.getByRole('button', { name: 'Move “Second” up' }));
    expect(t.server.calls().filter((call) => call === `PUT ${base}/order`)).toHaveLength(2);
  });

  it('puts the charts back and says so when the order cannot be saved', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    pinned('First');
    pinned('Second');
    t.api.fail(`PUT ${base}/order`);
    // Held, so the optimistic order is still on screen however slowly this machine runs the click.
    const release = t.api.hold(`PUT ${base}/order`);
    renderDashboard();
    await waitFor(() => expect(cardTitles()).toEqual(['First', 'Second']));

    await user.click(screen.getByRole('button', { name: 'Move “Second” up' }));
    expect(cardTitles()).toEqual(['Second', 'First']);
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(ORDER_FAILED_MESSAGE);
    expect(cardTitles()).toEqual(['First', 'Second']);
    expect(console.error).toHaveBeenCalledWith('Dashboard order update failed', expect.anything());
    expect(t.api.dashboard.charts.map((chart) => chart.title)).toEqual(['First', 'Second']);
  });

  it('removes a chart after confirmation', async () => {
    const user = userEvent.setup();
    pinned('Keep me');
    const doomed = pinned('Remove me');
    renderDashboard();
    await waitFor(() => expect(cardTitles()).toEqual(['Keep me', 'Remove me']));

    await user.click(screen.getByRole('button', { name: 'Remove “Remove me”' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this chart?' });
    expect(dialog).toHaveTextContent('“Remove me” leaves the dashboard for everyone in the project.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(t.server.calls()).not.toContain(`DELETE ${base}/charts/${doomed.id}`);

    await user.click(screen.getByRole('button', { name: 'Remove “Remove me”' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove chart' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(t.server.calls()).toContain(`DELETE ${base}/charts/${doomed.id}`);
    expect(cardTitles()).toEqual(['Keep me']);
    expect(await screen.findByText('Removed “Remove me” from the dashboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 pinned chart' })).toHaveFocus();
    expect(t.api.dashboard.charts.map((chart) => chart.title)).toEqual(['Keep me']);
  });

  it('shows a failed load with a retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    pinned('Daily events');
    t.api.fail(`GET ${base}`);
    renderDashboard();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Something broke on the server.');
    expect(console.error).toHaveBeenCalledWith('Get dashboard failed', expect.anything());
    t.api.fail(`GET ${base}`, false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Daily events']));
  });
});
