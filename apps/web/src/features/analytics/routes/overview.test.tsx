import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { sampleOverview } from '../testing/analytics-sample-answers';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage, searchOf } from '../testing/render-analytics-page';
import { addDays, todayUtc } from '../view/analytics-view';
import { Component as OverviewRoute } from './overview';
import { skippedHeadingLevels } from '../../../testing/heading-order';

const t = analyticsTestServer();

const renderOverview = (search = '') => renderAnalyticsPage(OverviewRoute, { page: 'overview', search });
const card = (name: string) => screen.getByRole('group', { name });
const valueOf = (name: string) => within(card(name)).getByTestId('metric-value').textContent;

describe('/project/{identifier}/overview', () => {
  it('shows the nine figures of the last 30 days against the 30 before, with their definitions', async () => {
    t.serve();
    renderOverview();
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('Dragon Quest Mobile')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading overview...' })).toBeInTheDocument();

    expect(await screen.findByRole('group', { name: 'DAU' })).toBeInTheDocument();
    // The cards' h3 titles sit under an h2 after the page's h1 (axe heading-order, issue 21).
    expect(skippedHeadingLevels()).toEqual([]);
    expect(t.api.lastQuery('overview')).toEqual({ from: addDays(todayUtc(), -29), to: todayUtc(), granularity: 'day' });
    const figures = Object.fromEntries(
      ['DAU', 'New users', 'MAU', 'Sessions', 'Avg. session length', 'Revenue', 'ARPDAU', 'D1 retention', 'D7 retention'].map((name) => [name, valueOf(name)]),
    );
    expect(figures).toEqual({
      DAU: '150',
      'New users': '420',
      MAU: '1,800',
      Sessions: '5,200',
      'Avg. session length': '1m 23s',
      Revenue: 'EUR 1,234.50',
      ARPDAU: 'EUR 0.27',
      'D1 retention': '42%',
      'D7 retention': '18%',
    });
    // The previous range had 80% of each figure: +25% for counts, +8.4 percentage points for D1.
    expect(card('DAU')).toHaveTextContent('▲ 25%');
    expect(within(card('DAU')).getByText('up 25% from the previous period')).toHaveClass('sr-only');
    expect(card('D1 retention')).toHaveTextContent('▲ 8.4 pp');
    expect(within(card('D1 retention')).getByText('up 8.4 percentage points from the previous period')).toBeInTheDocument();

    await userEvent.click(within(card('DAU')).getByRole('button', { name: 'About DAU' }));
    expect(within(card('DAU')).getByRole('status')).toHaveTextContent('Distinct users with at least one event that day.');
  });

  it('charts daily and new users and lists the top events, each opening the explorer', async () => {
    t.serve();
    renderOverview();
    const chart = await screen.findByRole('img', { name: /^Daily active and new users, / });
    expect(chart).toBeInTheDocument();
    const data = screen.getByRole('table', { name: /^Daily active and new users, / });
    expect(within(data).getAllByRole('row')).toHaveLength(31);
    const first = within(data).getAllByRole('row')[1]!;
    expect(Array.from(first.children, (cell) => cell.textContent).slice(1)).toEqual(['100', '100']);

    const top = screen.getByRole('region', { name: 'Top events table' });
    const rows = within(within(top).getByRole('table')).getAllByRole('row');
    // Users come from the event list of the same view.
    await waitFor(() => expect(rows[1]).toHaveTextContent('700'));
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Event', 'Count', 'Users'],
      ['level_complete', '9,000', '700'],
      ['session_start', '5,200', '900'],
      ['purchase', '310', '120'],
    ]);
    expect(within(rows[3]!).getByRole('link', { name: 'purchase' })).toHaveAttribute('href', '/project/dragon-quest-mobile/analytics?event=purchase');
  });

  it('says when purchases in a currency without a rate are left out of revenue', async () => {
    t.serve();
    t.api.answer('overview', (query: Parameters<typeof sampleOverview>[0]) => ({
      ...sampleOverview(query),
      excludedPurchases: [{ currency: 'JPY', purchases: 37, amount: 55_500 }],
    }));
    renderOverview();
    const note = await screen.findByRole('note', { name: 'Purchases not counted' });
    expect(note).toHaveTextContent('37 purchases in JPY are not counted: add a rate');
    expect(within(note).getByRole('link', { name: 'Add a rate for JPY' })).toHaveAttribute('href', '/project/dragon-quest-mobile/settings#currency');
  });

  it('says when the range has no events and links to the developer page', async () => {
    t.serve({ empty: true });
    renderOverview();
    expect(await screen.findByRole('heading', { name: 'No events in this range' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send events or load demo data' })).toHaveAttribute('href', '/project/dragon-quest-mobile/developer');
    expect(screen.queryByRole('group', { name: 'DAU' })).not.toBeInTheDocument();
  });

  it('puts a filter into the URL, asks again with it, and removes it from its chip', async () => {
    const user = userEvent.setup();
    t.serve();
    const { router } = renderOverview('?range=last-7');
    await screen.findByRole('group', { name: 'DAU' });
    expect(valueOf('DAU')).toBe('150');

    await user.click(screen.getByRole('button', { name: 'Platform' }));
    const ios = await screen.findByRole('checkbox', { name: 'ios' });
    expect(ios).toHaveFocus();
    await user.click(ios);
    await waitFor(() => expect(searchOf(router)).toEqual({ range: 'last-7', platform: 'ios' }));
    await waitFor(() => expect(valueOf('DAU')).toBe('75'));
    expect(t.api.lastQuery('overview')).toEqual({ from: addDays(todayUtc(), -6), to: todayUtc(), granularity: 'day', platform: 'ios' });
    // Filter values come from the range, not from the filters.
    expect(t.api.lastQuery('filters')).toEqual({ from: addDays(todayUtc(), -6), to: todayUtc() });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox', { name: 'ios' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Platform/u })).toHaveFocus();

    const chips = screen.getByRole('list', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Platform:ios');
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Platform: ios' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ range: 'last-7' }));
    await waitFor(() => expect(valueOf('DAU')).toBe('150'));
  });

  it('changes the range by preset and by custom days, refusing a backwards range', async () => {
    const user = userEvent.setup();
    t.serve();
    const { router } = renderOverview('?platform=ios&country=DE');
    await screen.findByRole('group', { name: 'DAU' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Last 7 days');
    await waitFor(() => expect(searchOf(router)).toEqual({ platform: 'ios', country: 'DE', range: 'last-7' }));
    await waitFor(() => expect(t.api.lastQuery('overview')).toMatchObject({ from: addDays(todayUtc(), -6), platform: 'ios', country: 'DE' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Date range' }), 'Custom range');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-02-10');
    await user.clear(to);
    await user.type(to, '2026-02-01');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The start day must not be after the end day');
    expect(from).toHaveAccessibleDescription('The start day must not be after the end day');
    expect(searchOf(router)).toMatchObject({ range: 'last-7' });

    await user.clear(to);
    await user.type(to, '2026-02-20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ platform: 'ios', country: 'DE', from: '2026-02-10', to: '2026-02-20' }));
    await waitFor(() => expect(t.api.lastQuery('overview')).toMatchObject({ from: '2026-02-10', to: '2026-02-20' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ from: '2026-02-10', to: '2026-02-20' }));
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(t.api.lastQuery('overview')).toEqual({ from: '2026-02-10', to: '2026-02-20', granularity: 'week' }));
    expect(searchOf(router)).toEqual({ from: '2026-02-10', to: '2026-02-20', granularity: 'week' });
  });

  it('keeps the last figures on screen while a new view loads', async () => {
    const user = userEvent.setup();
    t.serve();
    renderOverview();
    await screen.findByRole('group', { name: 'DAU' });
    const release = t.api.hold('overview');
    await user.click(screen.getByRole('radio', { name: 'Month' }));
    expect(await screen.findByText('Updating figures for the new view...')).toBeInTheDocument();
    expect(valueOf('DAU')).toBe('150');
    release();
    await waitFor(() => expect(screen.queryByText('Updating figures for the new view...')).not.toBeInTheDocument());
  });

  it('shows a failed load and loads again on Try again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    t.serve();
    t.api.fail('overview');
    renderOverview();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Something broke on the server.');
    expect(console.error).toHaveBeenCalledWith('Analytics overview failed', expect.anything());
    t.api.fail('overview', false);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('group', { name: 'DAU' })).toBeInTheDocument();
  });
});
