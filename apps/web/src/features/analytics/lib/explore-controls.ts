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
  breakdownPropertyRequiredMessage,
  hourlyRangeMessage,
  propertyRequiredMessage,
  seriesLetters,
} from '@questboard/shared/analytics-explore';
import { SERIES_LETTERS, parseFormula } from '@questboard/shared/explore-formula';
import {
  HOURLY_MAX_DAYS,
  extraSeriesSchema,
  type SeriesSpec,
} from '@questboard/shared/analytics-explore';
import { type PropertyFilter, propertyFiltersSchema } from '@questboard/shared/analytics-explore-filters';
import { rangeDays } from '@questboard/shared/analytics-view';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';
import type { CreateChartBody, DashboardChart } from '@questboard/shared/analytics-dashboard';

export interface ExploreControls {
  /** null: every event. */
  event: string | null;
  measure: ExploreMeasure;
  /** The numeric property summed or averaged; only kept with those measures. */
  property: string | null;
  breakdown: ExploreBreakdown;
  /** With the 'property' breakdown: the property whose values break the chart down. */
  breakdownProperty: string | null;
  /** Series A's property filters. */
  filters: PropertyFilter[];
  /** Series B, C, … */
  series: SeriesSpec[];
  formula: string | null;
  /** Hours (UTC) instead of the view's granularity; ranges up to HOURLY_MAX_DAYS days. */
  hourly: boolean;
  chart: ChartType;
}

export const defaultExploreControls: ExploreControls = {
  event: null,
  measure: 'count',
  property: null,
  breakdown: 'none',
  breakdownProperty: null,
  filters: [],
  series: [],
  formula: null,
  hourly: false,
  chart: 'line',
};

const textParamNames = ['event', 'measure', 'property', 'breakdown', 'chart'] as const;
/** Every explorer parameter of the address (the API's names where the API has them). */
export const exploreParamNames = [...textParamNames, 'breakdown_property', 'filters', 'series', 'formula', 'hourly'] as const;

/** JSON from the address checked with the shared schema; anything else is left out. */
function readJson<T>(text: string | null, parse: (value: unknown) => { success: true; data: T } | { success: false }, fallback: T): T {
  if (text === null || text === '') return fallback;
  try {
    const parsed = parse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

const text = (value: string | null) => (value === null || value.trim() === '' ? null : value);

export function readExploreControls(params: URLSearchParams): ExploreControls {
  const measure = oneOf(exploreMeasures, params.get('measure'), defaultExploreControls.measure);
  const breakdown = oneOf(exploreBreakdowns, params.get('breakdown'), defaultExploreControls.breakdown);
  const breakdownProperty = text(params.get('breakdown_property'));
  return {
    event: text(params.get('event')),
    measure,
    property: needsProperty(measure) ? text(params.get('property')) : null,
    breakdown,
    breakdownProperty: breakdown === 'property' && breakdownProperty !== null && isPropertyKey(breakdownProperty) ? breakdownProperty : null,
    filters: readJson(params.get('filters'), (value) => propertyFiltersSchema.safeParse(value), []),
    series: readJson(params.get('series'), (value) => extraSeriesSchema.safeParse(value), []),
    formula: text(params.get('formula')),
    hourly: params.get('hourly') === '1',
    chart: oneOf(chartTypes, params.get('chart'), defaultExploreControls.chart),
  };
}

/** The controls' values as address parameters (null: left out, the default). */
function paramValues(controls: ExploreControls): Record<(typeof exploreParamNames)[number], string | null> {
  const orNull = <T extends string>(value: T | null, fallback: T | null) => (value === fallback ? null : value);
  return {
    event: controls.event,
    measure: orNull(controls.measure, defaultExploreControls.measure),
    property: controls.property,
    breakdown: orNull(controls.breakdown, defaultExploreControls.breakdown),
    chart: orNull(controls.chart, defaultExploreControls.chart),
    breakdown_property: controls.breakdown === 'property' ? controls.breakdownProperty : null,
    filters: controls.filters.length > 0 ? JSON.stringify(controls.filters) : null,
    series: controls.series.length > 0 ? JSON.stringify(controls.series) : null,
    formula: controls.formula,
    hourly: controls.hourly ? '1' : null,
  };
}

/** The address after a change: the other parameters (the shared view's) are kept as they are. */
export function writeExploreControls(params: URLSearchParams, change: Partial<ExploreControls>): URLSearchParams {
  const next = { ...readExploreControls(params), ...change };
  if (!needsProperty(next.measure)) next.property = null;
  const written = new URLSearchParams(params);
  for (const [name, value] of Object.entries(paramValues(next))) {
    if (value === null) written.delete(name);
    else written.set(name, value);
  }
  return written;
}

/** Why hours cannot be shown for this range (the shared message), or null. */
export function hourlyRefusal(controls: Pick<ExploreControls, 'hourly'>, range: { from: string; to: string }): string | null {
  return controls.hourly && rangeDays(range) > HOURLY_MAX_DAYS ? hourlyRangeMessage : null;
}

/**
 * What the explore call asks besides the view (empty ones left out); null while the question is
 * not complete (a sum or average without its property, a property breakdown without its key, a
 * formula that does not parse).
 */
export function exploreQuery(controls: Omit<ExploreControls, 'chart'>): Record<string, string> | null {
  if (exploreProblem(controls) !== null) return null;
  return {
    ...(controls.event !== null && { event: controls.event }),
    measure: controls.measure,
    ...(controls.property !== null && { property: controls.property }),
    breakdown: controls.breakdown,
    ...(controls.breakdown === 'property' && controls.breakdownProperty !== null && { breakdown_property: controls.breakdownProperty }),
    ...(controls.filters.length > 0 && { filters: JSON.stringify(controls.filters) }),
    ...(controls.series.length > 0 && { series: JSON.stringify(controls.series) }),
    ...(controls.formula !== null && { formula: controls.formula }),
    ...(controls.hourly && { granularity: 'hour' }),
  };
}

/** What keeps the question from being asked, in the shared words; null when it can be. */
export function exploreProblem(controls: Omit<ExploreControls, 'chart'>): string | null {
  if (needsProperty(controls.measure) && controls.property === null) return propertyRequiredMessage;
  const series = controls.series.findIndex((spec) => needsProperty(spec.measure) && spec.property === null);
  if (series >= 0) return `Series ${SERIES_LETTERS[series + 1]}: ${propertyRequiredMessage.toLowerCase()}`;
  if (controls.breakdown === 'property' && controls.breakdownProperty === null) return breakdownPropertyRequiredMessage;
  if (controls.formula !== null) {
    const parsed = parseFormula(controls.formula, seriesLetters(controls.series));
    if (!parsed.ok) return parsed.message;
  }
  return null;
}

/** The property keys the catalogue saw on the event (every event's with 'All events'), sorted, only those the server accepts. */
export function propertyKeys(catalogue: EventCatalogue['events'], event: string | null): string[] {
  const events = event === null ? catalogue : catalogue.filter((entry) => entry.name === event);
  return [...new Set(events.flatMap((entry) => entry.propertyKeys).filter(isPropertyKey))].sort((a, b) => a.localeCompare(b));
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
export function exploreTitle(
  controls: Pick<ExploreControls, 'event' | 'measure' | 'property' | 'breakdown'> & { breakdownProperty?: string | null },
): string {
  const what =
    controls.measure === 'count'
      ? 'Count'
      : controls.measure === 'users'
        ? 'Unique users'
        : `${controls.measure === 'sum' ? 'Sum' : 'Average'} of ${controls.property ?? 'a property'}`;
  const of = controls.event ?? 'all events';
  const by =
    controls.breakdown === 'none'
      ? ''
      : controls.breakdown === 'property'
        ? ` by ${controls.breakdownProperty ?? 'a property'}`
        : ` by ${breakdownLabels[controls.breakdown].toLowerCase()}`;
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
    breakdown_property: controls.breakdown === 'property' ? controls.breakdownProperty : null,
    filters: controls.filters,
    series: controls.series,
    formula: controls.formula,
    granularity: controls.hourly ? 'hour' : view.granularity,
    platform: [...view.platform],
    country: [...view.country],
    app_version: [...view.app_version],
  };
}

type PinnedChartQuery = DashboardChart['query'];

/** A pinned chart's stored query as the explorer's controls (charts pinned before issue 17 have no extras). */
export function pinnedControls(chart: Pick<DashboardChart, 'chartType' | 'query'>): ExploreControls {
  const { query } = chart;
  return {
    event: query.event,
    measure: query.measure,
    property: query.property,
    breakdown: query.breakdown,
    breakdownProperty: query.breakdown_property ?? null,
    filters: query.filters ?? [],
    series: query.series ?? [],
    formula: query.formula ?? null,
    hourly: query.granularity === 'hour',
    chart: chart.chartType,
  };
}

/** The explore call of a pinned chart: its stored query over the dashboard's range (null if it lacks a property). */
export function pinnedExploreParams(
  query: PinnedChartQuery,
  range: { from: string; to: string },
): Record<string, string> | null {
  const explore = exploreQuery(pinnedControls({ chartType: 'line', query }));
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
  if (query.granularity !== 'day' && query.granularity !== 'hour') params.set('granularity', query.granularity);
  for (const dimension of filterDimensions) {
    if (query[dimension].length > 0) params.set(dimension, query[dimension].join(','));
  }
  const written = writeExploreControls(params, pinnedControls(chart));
  return written.size > 0 ? `?${written.toString()}` : '';
}

const granularityWords = { hour: 'by hour (UTC)', day: 'by day', week: 'by week', month: 'by month' } as const;

/** Under a pinned chart's title: 'Line chart by week · Platform: ios, android'. */
export function pinnedChartSummary(chart: Pick<DashboardChart, 'chartType' | 'query'>): string {
  const kind = chart.chartType === 'table' ? 'Table' : `${chartTypeLabels[chart.chartType]} chart`;
  const filters = filterDimensions
    .filter((dimension) => chart.query[dimension].length > 0)
    .map((dimension) => `${breakdownLabels[dimension]}: ${chart.query[dimension].join(', ')}`);
  const extras = [
    ...(chart.query.filters ?? []).map(filterText),
    ...((chart.query.series ?? []).length > 0 ? [`${(chart.query.series ?? []).length + 1} series`] : []),
    ...(chart.query.formula ? [`Formula: ${chart.query.formula}`] : []),
  ];
  return [`${kind} ${granularityWords[chart.query.granularity]}`, ...filters, ...extras].join(' · ');
}

export const operatorLabels: Record<PropertyFilter['op'], string> = {
  eq: 'equals',
  neq: 'does not equal',
  in: 'is one of',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  set: 'is set',
  not_set: 'is not set',
};

/** 'level > 10', 'placement is one of rewarded, banner', 'vip is set'. */
export function filterText(filter: PropertyFilter): string {
  return [filter.key, operatorLabels[filter.op], filter.values.join(', ')].filter((part) => part !== '').join(' ');
}
