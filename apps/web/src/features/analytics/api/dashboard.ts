// The project dashboard's calls (issue 8): the pinned charts, pinning one from the explorer,
// removing one and saving their order. All through the app's one HTTP client.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateChartBody, type Dashboard, dashboardChartSchema, dashboardSchema } from '@questboard/shared/analytics-dashboard';
import { noAnswerSchema } from '@questboard/shared/api-answer';
import { apiPaths } from '@questboard/shared/api-paths';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { orderCharts } from '../lib/dashboard-order';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  detail: (projectId: string) => [...dashboardKeys.all, projectId] as const,
  order: (projectId: string) => [...dashboardKeys.all, projectId, 'order'] as const,
};

/** GET /core/projects/:id/dashboard: the pinned charts in the order the team set. */
export const getDashboard = (projectId: string, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.dashboard, () => apiClient.get(apiPaths.dashboard.one.url({ id: projectId }), dashboardSchema, { signal }));

export const dashboardQueryOptions = (projectId: string) =>
  queryOptions({
    queryKey: dashboardKeys.detail(projectId),
    queryFn: ({ signal }) => getDashboard(projectId, signal),
  });

export function useDashboard(projectId: string) {
  return useQuery(dashboardQueryOptions(projectId));
}

/** POST /core/projects/:id/dashboard/charts: 201 with the chart; 409 once the dashboard is full. */
export const pinChart = (projectId: string, body: CreateChartBody) =>
  callApi(API_LOG_LABELS.dashboardChartCreation, () =>
    apiClient.post(apiPaths.dashboard.charts.url({ id: projectId }), dashboardChartSchema, body),
  );

export function usePinChart(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateChartBody) => pinChart(projectId, body),
    onSuccess: (chart) => {
      // A dashboard already in the cache shows the new chart at once, last like the server puts it.
      queryClient.setQueryData<Dashboard>(dashboardKeys.detail(projectId), (dashboard) =>
        dashboard ? { charts: [...dashboard.charts.filter((known) => known.id !== chart.id), chart] } : dashboard,
      );
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(projectId) });
    },
  });
}

/** DELETE /core/projects/:id/dashboard/charts/:chartId: 204. */
export const removeChart = (projectId: string, chartId: string) =>
  callApi(API_LOG_LABELS.dashboardChartRemoval, () =>
    apiClient.delete(apiPaths.dashboard.chart.url({ id: projectId, chartId }), noAnswerSchema),
  );

export function useRemoveChart(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (chartId: string) => removeChart(projectId, chartId),
    onSuccess: (_answer, chartId) => {
      queryClient.setQueryData<Dashboard>(dashboardKeys.detail(projectId), (dashboard) =>
        dashboard ? { charts: dashboard.charts.filter((chart) => chart.id !== chartId) } : dashboard,
      );
      return queryClient.invalidateQueries({ queryKey: dashboardKeys.detail(projectId) });
    },
  });
}

/** PUT /core/projects/:id/dashboard/order with every chart id in the new order: the dashboard as saved. */
export const saveChartOrder = (projectId: string, chartIds: string[]) =>
  callApi(API_LOG_LABELS.dashboardOrder, () => apiClient.put(apiPaths.dashboard.order.url({ id: projectId }), dashboardSchema, { chartIds }));

/**
 * Optimistic: the charts move at once; a refusal puts back the order from before the move (and
 * the caller says why). While moves are in flight, only the last one settles the cache, so an early
 * answer does not briefly undo a later move.
 */
export function useSaveChartOrder(projectId: string) {
  const queryClient = useQueryClient();
  const key = dashboardKeys.detail(projectId);
  const othersPending = () => queryClient.isMutating({ mutationKey: dashboardKeys.order(projectId) }) > 1;
  return useMutation({
    mutationKey: dashboardKeys.order(projectId),
    mutationFn: (chartIds: string[]) => saveChartOrder(projectId, chartIds),
    onMutate: async (chartIds) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Dashboard>(key);
      if (previous) queryClient.setQueryData<Dashboard>(key, { charts: orderCharts(previous.charts, chartIds) });
      return { previous };
    },
    onError: (_error, _chartIds, context) => {
      if (context?.previous) queryClient.setQueryData<Dashboard>(key, context.previous);
      // The order saved is unknown after a failure (a time-out may have saved it): ask.
      return othersPending() ? undefined : queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (dashboard) => {
      if (!othersPending()) queryClient.setQueryData<Dashboard>(key, dashboard);
    },
  });
}
