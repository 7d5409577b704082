// The explorer's own controls, kept in the address next to the shared view (range, granularity,
// filters) so a reload, a shared link or the overview's top-event links (?event=name) open the same
// chart. Defaults are left out of the address; a value the page does not know falls back to one.
import { type AnalyticsFilters, type Granularity, filterDimensions } from '@questboard/shared/analytics-view';
import {
  type ChartType,
  EXPLORE_MAX_SERIES,
  type ExploreBreakdown,
  type ExploreMeasure,
  REVENUE_PROPERTY,
  chartTypes,
  exploreBreakdowns,
  exploreMeasures,
  isPropertyKey,
  needsProperty,
} from '@questboard/shared/analytics-explore';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';
import type { CreateChartBody, DashboardChart } from '@questboard/shared/analytics-dashboard';

export interface ExploreControls {
  /** null: every event. */
  event: string | null;
  measure: ExploreMeasure;
  /** The numeric property summed or averaged; only kept with those measures. */
  property: string | null;
  breakdown: ExploreBreakdown;
  chart: ChartType;
}

export const defaultExploreControls: ExploreControls = {
  event: null,
  measure: 'count',
  property: null,
  breakdown: 'none',
  chart: 'line',
};

export const exploreParamNames = ['event', 'measure', 'property', 'breakdown', 'chart'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

const text = (value: string | null) => (value === null || value.trim() === '' ? null : value);

export function readExploreControls(params: URLSearchParams): ExploreControls {
  const measure = oneOf(exploreMeasures, params.get('measure'), defaultExploreControls.measure);
  return {
    event: text(params.get('event')),
    measure,
    property: needsProperty(measure) ? text(params.get('property')) : null,
    breakdown: oneOf(exploreBreakdowns, params.get('breakdown'), defaultExploreControls.breakdown),
    chart: oneOf(chartTypes, params.get('chart'), defaultExploreControls.chart),
  };
}

/** The address after a change: the other parameters (the shared view's) are kept as they are. */
export function writeExploreControls(params: URLSearchParams, change: Partial<ExploreControls>): URLSearchParams {
  const next = { ...readExploreControls(params), ...change };
  if (!needsProperty(next.measure)) next.property = null;
  const written = new URLSearchParams(params);
  for (const name of exploreParamNames) {
    const value = next[name];
    if (value === null || value === defaultExploreControls[name]) written.delete(name);
    else written.set(name, value);
  }
  return written;
}

/** What the explore call asks besides the view (empty ones left out); null while a sum or average has no property. */
export function exploreQuery(controls: Omit<ExploreControls, 'chart'>): Record<string, string> | null {
  if (needsProperty(controls.measure) && controls.property === null) return null;
  return {
    ...(controls.event !== null && { event: controls.event }),
    measure: controls.measure,
    ...(controls.property !== null && { property: controls.property }),
    breakdown: controls.breakdown,
  };
}

/**
 * The properties a sum or average can use: the event's own revenue amount first, then the keys the
 * catalogue saw on the chosen event (every event's with 'All events'), sorted. The catalogue does
 * not know their types; the server skips values that are not numbers.
 */
export function propertyOptions(catalogue: EventCatalogue['events'], event: string | null): string[] {
  const events = event === null ? catalogue : catalogue.filter((entry) => entry.name === event);
  // Only keys the server can measure: any other would be refused with a 400.
  const keys = new Set(events.flatMap((entry) => entry.propertyKeys).filter(isPropertyKey));
  keys.delete(REVENUE_PROPERTY);
  return [REVENUE_PROPERTY, ...[...keys].sort((a, b) => a.localeCompare(b))];
}

export const measureLabels: Record<ExploreMeasure, string> = {
  count: 'Count',
  users: 'Unique users',
  sum: 'Sum of',
  average: 'Average of',
};

export const breakdownLabels: Record<ExploreBreakdown, string> = {
  none: 'None',
  name: 'Event name',
  platform: 'Platform',
  country: 'Country',
  app_version: 'App version',
  property: 'A property',
};

export const chartTypeLabels: Record<ChartType, string> = { line: 'Line', bar: 'Bar', table: 'Table' };

/** The chart's title: 'Unique users of level_complete by platform', 'Sum of revenue_amount of all events'. */
export function exploreTitle(controls: Pick<ExploreControls, 'event' | 'measure' | 'property' | 'breakdown'>): string {
  const what =
    controls.measure === 'count'
      ? 'Count'
      : controls.measure === 'users'
        ? 'Unique users'
        : `${controls.measure === 'sum' ? 'Sum' : 'Average'} of ${controls.property ?? 'a property'}`;
  const of = controls.event ?? 'all events';
  const by = controls.breakdown === 'none' ? '' : ` by ${breakdownLabels[controls.breakdown].toLowerCase()}`;
  return `${what} of ${of}${by}`.slice(0, 80);
}

/** Why the chart shows at most 10 series: the rest are added up only where they add up. */
export function truncatedNote(measure: ExploreMeasure): string {
  return measure === 'count' || measure === 'sum'
    ? `Showing the ${EXPLORE_MAX_SERIES} largest; the rest are summed in Other.`
    : `Showing the ${EXPLORE_MAX_SERIES} largest; unique users and averages of the rest do not add up, so they are left out.`;
}

/** What a pinned chart stores: the explorer's query and the view's granularity and filters, not its range. */
export function pinnedQuery(
  controls: ExploreControls,
  view: { granularity: Granularity } & AnalyticsFilters,
): CreateChartBody['query'] {
  return {
    event: controls.event ?? undefined,
    measure: controls.measure,
    property: controls.property ?? undefined,
    breakdown: controls.breakdown,
    granularity: view.granularity,
    platform: [...view.platform],
    country: [...view.country],
    app_version: [...view.app_version],
  };
}

type PinnedChartQuery = DashboardChart['query'];

/** The explore call of a pinned chart: its stored query over the dashboard's range (null if it lacks a property). */
export function pinnedExploreParams(
  query: PinnedChartQuery,
  range: { from: string; to: string },
): Record<string, string> | null {
  const explore = exploreQuery(query);
  if (explore === null) return null;
  const params: Record<string, string> = { from: range.from, to: range.to, granularity: query.granularity };
  for (const dimension of filterDimensions) {
    if (query[dimension].length > 0) params[dimension] = query[dimension].join(',');
  }
  return { ...params, ...explore };
}

/**
 * The explorer's address for a pinned chart: its query, granularity and filters, over the range
 * the dashboard shows (`rangeParams`: the dashboard's range, from or to parameters).
 */
export function pinnedChartSearch(
  chart: Pick<DashboardChart, 'chartType' | 'query'>,
  rangeParams: URLSearchParams,
): string {
  const { query } = chart;
  const params = new URLSearchParams(
    [...rangeParams].filter(([name]) => name === 'range' || name === 'from' || name === 'to'),
  );
  if (query.granularity !== 'day') params.set('granularity', query.granularity);
  for (const dimension of filterDimensions) {
    if (query[dimension].length > 0) params.set(dimension, query[dimension].join(','));
  }
  const written = writeExploreControls(params, { ...query, chart: chart.chartType });
  return written.size > 0 ? `?${written.toString()}` : '';
}

const granularityWords = { day: 'by day', week: 'by week', month: 'by month' } as const;

/** Under a pinned chart's title: 'Line chart by week · Platform: ios, android'. */
export function pinnedChartSummary(chart: Pick<DashboardChart, 'chartType' | 'query'>): string {
  const kind = chart.chartType === 'table' ? 'Table' : `${chartTypeLabels[chart.chartType]} chart`;
  const filters = filterDimensions
    .filter((dimension) => chart.query[dimension].length > 0)
    .map((dimension) => `${breakdownLabels[dimension]}: ${chart.query[dimension].join(', ')}`);
  return [`${kind} ${granularityWords[chart.query.granularity]}`, ...filters].join(' · ');
}
