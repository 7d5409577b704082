// Issue 20: the overview's calls can start before its page renders, and the page then asks for none
// of them again (same query options and keys as its own hooks).
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { settle } from '../../../testing/api-client-harness';
import { Component as OverviewRoute } from '../routes/overview';
import { dragonQuest } from '../testing/analytics-api-stand-in';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { renderAnalyticsPage } from '../testing/render-analytics-page';
import { prefetchOverview } from './prefetch-overview';

const test = analyticsTestServer();
const analyticsCalls = () => test.server.calls().filter((call) => call.includes('/analytics/'));

describe('prefetchOverview', () => {
  it.each(['', '?range=last-7&platform=ios&granularity=week'])('starts the calls the overview at "%s" makes, which its page then reads', async (search) => {
    test.serve();
    const queryClient = createQueryClient();
    prefetchOverview(queryClient, dragonQuest.id, search);
    await waitFor(() => expect(analyticsCalls()).toHaveLength(3));

    renderAnalyticsPage(OverviewRoute, { page: 'overview', search, queryClient });
    expect(await screen.findByRole('region', { name: 'Key figures' })).toBeInTheDocument();
    // A second call would be on its way by now.
    await settle();
    expect(analyticsCalls().sort()).toEqual(
      ['events', 'filters', 'overview'].map((name) => `GET /core/projects/${dragonQuest.id}/analytics/${name}`),
    );
  });
});
