// The calls a project's overview makes first, for a view in the page's URL (issue 20): the figures,
// the event catalogue and the filter values. Defined once for the two places that start them before
// the page renders: the calls sent ahead as the app starts (app/first-calls.ts), and the
// page's own queries prefetched right after (api/prefetch-overview.ts). No zod here (ADR 024).
import { parseView, viewApiParams } from './view-query';

export interface OverviewCall {
  page: 'overview' | 'events' | 'filters';
  /** The call's query: the view's range, granularity and filters; the filter values take the range only. */
  params: Record<string, string>;
}

/** The overview's first calls for `search` (the URL's query string) on `today` (a UTC day). */
export function overviewFirstCalls(search: string, today?: string): OverviewCall[] {
  const view = parseView(new URLSearchParams(search), today);
  const params = viewApiParams(view);
  return [
    { page: 'overview', params },
    { page: 'events', params },
    { page: 'filters', params: { from: view.from, to: view.to } },
  ];
}
