import { screen, within } from '@testing-library/react';
import type { Overview } from '@questboard/shared/analytics-answers';
import { overviewMetricKeys } from '@questboard/shared/analytics-answers';
import { describe, expect, it } from 'vitest';

import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage } from '../testing/render-analytics-page';
import { Component as OverviewRoute } from './overview';

const t = analyticsTestServer();

const days = ['2026-11-10', '2026-11-11', '2026-11-12', '2026-11-13', '2026-11-14', '2026-11-15', '2026-11-16'];

/** At 06:00 on Nov 16: the cards cover Nov 10–15 against Nov 4–9; today's 481 players are so far. */
const sixInTheMorning: Overview = {
  range: { from: '2026-11-10', to: '2026-11-16' },
  cardRange: { from: '2026-11-10', to: '2026-11-15' },
  previousRange: { from: '2026-11-04', to: '2026-11-09' },
  incomplete: ['2026-11-16'],
  currency: 'EUR',
  excludedPurchases: [],
  cards: overviewMetricKeys.map((key) => ({
    key,
    value: 1700,
    previous: 1700,
    series: days.map((date, index) => ({ date, value: index === 6 ? 481 : 1700 })),
  })),
  totalEvents: 10_000,
  topEvents: [{ name: 'level_complete', count: 10_000 }],
};

describe('overview: today is not over (ADR 010 "Incomplete buckets")', () => {
  it('compares complete days, says so, and marks today as so far in the sparklines and the data', async () => {
    t.serve();
    t.api.answer('overview', sixInTheMorning);
    renderAnalyticsPage(OverviewRoute, { page: 'overview', search: '?from=2026-11-10&to=2026-11-16' });

    const dau = await screen.findByRole('group', { name: 'DAU' });
    expect(
      screen.getByText(
        'Nov 10 – Nov 15, 2026, compared with Nov 4 – Nov 9, 2026. Today is not over: it is left out of the cards and drawn dashed, so far, in the charts.',
      ),
    ).toBeInTheDocument();
    // The part-day does not read as a fall.
    expect(dau).not.toHaveTextContent('▼');
    expect(dau.querySelectorAll('path[data-so-far]')).toHaveLength(1);

    const data = screen.getByRole('table', { name: /^Daily active and new users, / });
    const rows = within(data).getAllByRole('row');
    expect(rows.at(-1)).toHaveTextContent('Nov 16, 2026 (so far)481');
    expect(rows.at(-2)).not.toHaveTextContent('so far');
  });
});
