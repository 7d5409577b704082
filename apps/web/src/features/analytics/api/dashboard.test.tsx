import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { dragonQuest } from '../testing/analytics-api-stand-in';
import { analyticsTestServer } from '../testing/analytics-test-server';
import { dashboardKeys, useDashboard, usePinChart, useRemoveChart } from './dashboard';

const t = analyticsTestServer();
beforeEach(() => {
  t.serve();
});

function renderDashboardHooks() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hooks = renderHook(
    () => ({
      dashboard: useDashboard(dragonQuest.id),
      pin: usePinChart(dragonQuest.id),
      remove: useRemoveChart(dragonQuest.id),
    }),
    { wrapper },
  );
  return { queryClient, ...hooks };
}

const titles = (charts: { title: string }[] | undefined) => charts?.map((chart) => chart.title);

describe('dashboard calls', () => {
  it('shows a pinned chart in a cached dashboard at once, then asks the server again', async () => {
    const { result, queryClient } = renderDashboardHooks();
    await waitFor(() => expect(result.current.dashboard.data).toEqual({ charts: [] }));
    const asked = t.server.calls().filter((call) => call === `GET /core/projects/${dragonQuest.id}/dashboard`).length;

    await act(() =>
      result.current.pin.mutateAsync({ title: 'Daily events', chartType: 'line', query: { measure: 'count' } }),
    );
    expect(
      titles(queryClient.getQueryData<{ charts: { title: string }[] }>(dashboardKeys.detail(dragonQuest.id))?.charts),
    ).toEqual(['Daily events']);
    await waitFor(() =>
      expect(t.server.calls().filter((call) => call === `GET /core/projects/${dragonQuest.id}/dashboard`)).toHaveLength(
        asked + 1,
      ),
    );
    // The hook's render follows TanStack's notifications, which are batched on a timer: wait for it.
    await waitFor(() => expect(titles(result.current.dashboard.data?.charts)).toEqual(['Daily events']));

    const [chart] = t.api.dashboard.charts;
    await act(() => result.current.remove.mutateAsync(chart!.id));
    expect(queryClient.getQueryData(dashboardKeys.detail(dragonQuest.id))).toEqual({ charts: [] });
    await waitFor(() => expect(result.current.dashboard.data).toEqual({ charts: [] }));
    expect(t.server.calls()).toContain(`DELETE /core/projects/${dragonQuest.id}/dashboard/charts/${chart!.id}`);
  });
});
