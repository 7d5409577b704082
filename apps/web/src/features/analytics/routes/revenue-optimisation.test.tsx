import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { sampleRevenue } from '../testing/analytics-sample-answers';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage, searchOf } from '../testing/render-analytics-page';
import { addDays, todayUtc } from '../view/analytics-view';
import { Component as RevenueRoute } from './revenue-optimisation';
import { skippedHeadingLevels } from '../../../testing/heading-order';

const t = analyticsTestServer();

const renderRevenue = (search = '') => renderAnalyticsPage(RevenueRoute, { page: 'revenue-optimisation', search });
const valueOf = (name: string) => within(screen.getByRole('group', { name })).getByTestId('metric-value').textContent;
const cells = (row: HTMLElement) => Array.from(row.children, (cell) => cell.textContent);

describe('/project/{identifier}/revenue-optimisation', () => {
  it('shows the totals in the currency, the revenue chart and the top products', async () => {
    t.serve();
    renderRevenue();
    expect(screen.getByRole('status', { name: 'Loading revenue...' })).toBeInTheDocument();
    await screen.findByRole('group', { name: 'Revenue' });
    // The cards' h3 titles sit under an h2 after the page's h1 (axe heading-order, issue 21).
    expect(skippedHeadingLevels()).toEqual([]);
    expect(screen.getByText(/^Amounts in EUR, the project's reporting currency: purchases in other currencies are converted/u)).toBeInTheDocument();
    // Every purchase counted: no note.
    expect(screen.queryByRole('note', { name: 'Purchases not counted' })).not.toBeInTheDocument();
    expect(['Revenue', 'ARPDAU', 'ARPPU', 'Paying conversion', 'Transactions', 'Paying users'].map(valueOf)).toEqual([
      'EUR 1,234.50',
      'EUR 0.27',
      'EUR 10.29',
      '10%',
      '310',
      '120',
    ]);
    expect(screen.getByRole('group', { name: 'Paying conversion' })).toHaveTextContent('120 of 1,200 active users');

    expect(screen.getByRole('img', { name: /^Revenue and ARPDAU \(EUR\), / })).toBeInTheDocument();
    const series = within(screen.getByRole('table', { name: /^Revenue and ARPDAU \(EUR\), / })).getAllByRole('row');
    expect(series).toHaveLength(31);
    expect(cells(series[1]!).slice(1)).toEqual(['EUR 40.00', 'EUR 0.25', '10', '4']);

    const products = within(screen.getByRole('region', { name: 'Top products table' })).getAllByRole('row');
    expect(products.map(cells)).toEqual([
      ['Product', 'Revenue', 'Share of revenue', 'Transactions', 'Buyers'],
      ['gem_pack_small', 'EUR 800.00', '64.8%', '200', '90'],
      ['starter_bundle', 'EUR 434.50', '35.2%', '110', '60'],
    ]);
  });

  it('says which purchases are not counted for want of a rate, linking to the currency settings', async () => {
    t.serve();
    t.api.answer('revenue', (query: Parameters<typeof sampleRevenue>[0]) => ({
      ...sampleRevenue(query),
      excludedPurchases: [
        { currency: 'JPY', purchases: 37, amount: 55_500 },
        { currency: 'GBP', purchases: 1, amount: 4.99 },
      ],
    }));
    renderRevenue();
    const note = await screen.findByRole('note', { name: 'Purchases not counted' });
    const lines = within(note).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '37 purchases in JPY are not counted: add a rate (JPY 55,500 left out)',
      '1 purchase in GBP is not counted: add a rate (GBP 4.99 left out)',
    ]);
    expect(within(note).getByRole('link', { name: 'Add a rate for JPY' })).toHaveAttribute('href', '/project/dragon-quest-mobile/settings#currency');
  });

  it('shows cumulative LTV per install cohort on days 0, 1, 3, 7, 14 and 30, and the average curve', async () => {
    t.serve();
    renderRevenue('?range=last-7');
    const table = await screen.findByRole('region', { name: 'Cumulative LTV by install cohort table' });
    const rows = within(table).getAllByRole('row');
    expect(cells(rows[0]!)).toEqual(['Install cohort', 'Users', 'Day 0', 'Day 1', 'Day 3', 'Day 7', 'Day 14', 'Day 30']);
    expect(cells(rows[1]!)).toEqual(['Average (cohorts followed)', '50', 'EUR 0.10', 'EUR 0.20', 'EUR 0.40', 'EUR 0.80', 'EUR 1.50', 'EUR 3.10']);
    // The oldest cohort (6 days ago) has reached day 3 but not day 7: later cells stay empty.
    expect(cells(rows[2]!)).toEqual([expect.stringMatching(/^\w{3} \d+, \d{4}$/u), '50', 'EUR 0.10', 'EUR 0.20', 'EUR 0.40', '—', '—', '—']);
    expect(rows).toHaveLength(9);
    expect(screen.getByRole('img', { name: 'Average cumulative LTV by day since install (EUR)' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Average cumulative LTV by day since install (EUR)' })).getAllByRole('row')).toHaveLength(32);
  });

  it('asks again by week when the granularity changes, keeping it in the URL', async () => {
    const user = userEvent.setup();
    t.serve();
    const { router } = renderRevenue('?range=last-90&app_version=1.2.0');
    await screen.findByRole('group', { name: 'Revenue' });
    expect(valueOf('Revenue')).toBe('EUR 617.25');
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    await waitFor(() => expect(searchOf(router)).toEqual({ range: 'last-90', app_version: '1.2.0', granularity: 'week' }));
    await waitFor(() =>
      expect(t.api.lastQuery('revenue')).toEqual({ from: addDays(todayUtc(), -89), to: todayUtc(), granularity: 'week', app_version: '1.2.0' }),
    );
    await waitFor(() => expect(screen.getAllByRole('row', { name: /^Week of / }).length).toBeGreaterThan(10));
  });

  it('says when the range has no events', async () => {
    t.serve({ empty: true });
    renderRevenue();
    expect(await screen.findByRole('heading', { name: 'No events in this range' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send events or load demo data' })).toBeInTheDocument();
  });
});
