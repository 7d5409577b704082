import { DASHBOARD_MAX_CHARTS } from './analytics-dashboard';

// The analytics calls' own refusals: stable codes and the messages the pages show.

export const analyticsErrorCodes = {
  playerNotFound: 'PLAYER_NOT_FOUND',
  chartNotFound: 'CHART_NOT_FOUND',
  dashboardFull: 'DASHBOARD_FULL',
  chartOrderMismatch: 'CHART_ORDER_MISMATCH',
} as const;

export const analyticsMessages = {
  playerNotFound: 'No player with this user id has sent events',
  chartNotFound: 'This chart is no longer on the dashboard',
  dashboardFull: `A dashboard holds at most ${DASHBOARD_MAX_CHARTS} charts: remove one first`,
  chartOrderMismatch: "The order must list every chart of the dashboard once; reload the dashboard and try again",
} as const;
