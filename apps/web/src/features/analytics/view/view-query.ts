// The view every analytics page shows (docs/product/metrics.md#the-view, STYLE.md rule 4): the date range,
// the granularity and the filters live in the page's URL, so a view survives a reload and can be
// shared. The pure helpers here read and write it; useAnalyticsView (analytics-view.ts) wires them
// to the router. No React, router or zod: the app's start reads a first page's view with them
// before those load (overview-calls.ts, ADR 024).
import {
  ANALYTICS_MAX_RANGE_DAYS,
  FILTER_MAX_VALUES,
  type FilterDimension,
  type Granularity,
  filterDimensions,
  granularities,
  isFilterValue,
  isIsoDay,
  isoDate,
  rangeDays,
  rangeMessages,
} from '@questboard/shared/analytics-view-rules';

import { periodParamNames } from '../../../lib/view-period';

export interface AnalyticsView {
  /** First UTC day, YYYY-MM-DD. */
  from: string;
  /** Last UTC day, included. */
  to: string;
  granularity: Granularity;
  platform: string[];
  country: string[];
  app_version: string[];
}

export type DatePresetKey = 'today' | 'yesterday' | 'last-7' | 'last-30' | 'last-90' | 'this-month' | 'last-month';

export interface DatePreset {
  key: DatePresetKey;
  label: string;
  /** The range on `today` (a UTC day). */
  range: (today: string) => { from: string; to: string };
}

const DAY_MS = 86_400_000;

/** The UTC day `days` after `day` (before when negative). */
export function addDays(day: string, days: number): string {
  return isoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

export function todayUtc(now: Date = new Date()): string {
  return isoDate(now);
}

const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

export const datePresets: readonly DatePreset[] = [
  { key: 'today', label: 'Today', range: (today) => ({ from: today, to: today }) },
  { key: 'yesterday', label: 'Yesterday', range: (today) => ({ from: addDays(today, -1), to: addDays(today, -1) }) },
  { key: 'last-7', label: 'Last 7 days', range: (today) => ({ from: addDays(today, -6), to: today }) },
  { key: 'last-30', label: 'Last 30 days', range: (today) => ({ from: addDays(today, -29), to: today }) },
  { key: 'last-90', label: 'Last 90 days', range: (today) => ({ from: addDays(today, -89), to: today }) },
  { key: 'this-month', label: 'This month', range: (today) => ({ from: monthStart(today), to: today }) },
  {
    key: 'last-month',
    label: 'Last month',
    range: (today) => {
      const to = addDays(monthStart(today), -1);
      return { from: monthStart(to), to };
    },
  },
];

export const DEFAULT_PRESET: DatePresetKey = 'last-30';
const defaultPreset: DatePreset = { key: DEFAULT_PRESET, label: 'Last 30 days', range: (today) => ({ from: addDays(today, -29), to: today }) };

export const filterLabels: Record<FilterDimension, string> = {
  platform: 'Platform',
  country: 'Country',
  app_version: 'App version',
};

/** The URL parameters of the view; every other parameter belongs to the page (mode, event...). */
export const viewParamNames = [...periodParamNames, ...filterDimensions] as const;

/** Why a custom range cannot be shown, or null when it can. */
export function validateRange(from: string, to: string): string | null {
  if (!isIsoDay(from) || !isIsoDay(to)) return 'Enter both days of the range as dates';
  const days = rangeDays({ from, to });
  if (days < 1) return 'The start day must not be after the end day';
  if (days > ANALYTICS_MAX_RANGE_DAYS) return rangeMessages.tooLong;
  return null;
}

/** A comma-separated filter from the URL: trimmed, values the server accepts only, no repeats, at most 20. */
export function parseFilter(value: string | null): string[] {
  const values = (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(isFilterValue);
  return [...new Set(values)].slice(0, FILTER_MAX_VALUES);
}

export function presetOf(key: string | null): DatePreset | undefined {
  return datePresets.find((preset) => preset.key === key);
}

/**
 * The view in `params` on `today`. A preset (`range=last-7`) moves with the days; `from`/`to` are
 * fixed days. Anything invalid falls back to its default: the last 30 days, by day, no filters.
 */
export function parseView(params: URLSearchParams, today: string = todayUtc()): AnalyticsView {
  const from = params.get('from');
  const to = params.get('to');
  const custom = from !== null && to !== null && validateRange(from, to) === null ? { from, to } : null;
  const range = custom ?? (presetOf(params.get('range')) ?? defaultPreset).range(today);
  const granularity = params.get('granularity');
  return {
    ...range,
    granularity: granularities.includes(granularity as Granularity) ? (granularity as Granularity) : 'day',
    platform: parseFilter(params.get('platform')),
    country: parseFilter(params.get('country')),
    app_version: parseFilter(params.get('app_version')),
  };
}

/** The preset the view's URL names, 'custom' for fixed days. */
export function selectedPreset(params: URLSearchParams): DatePresetKey | 'custom' {
  const from = params.get('from');
  const to = params.get('to');
  if (from !== null && to !== null && validateRange(from, to) === null) return 'custom';
  return presetOf(params.get('range'))?.key ?? DEFAULT_PRESET;
}

/** A change to the view: a preset, or fixed days, and/or granularity and filters. */
export type ViewPatch = Partial<Omit<AnalyticsView, 'from' | 'to'>> &
  ({ preset: DatePresetKey; from?: never; to?: never } | { preset?: never; from: string; to: string } | { preset?: never; from?: never; to?: never });

/**
 * `params` with the patch applied; defaults are left out of the URL (last 30 days, day, no filter)
 * and every parameter that is not the view's is kept as it is.
 */
export function applyViewPatch(params: URLSearchParams, patch: ViewPatch): URLSearchParams {
  const next = new URLSearchParams(params);
  const setOrDelete = (name: string, value: string | null) => {
    if (value === null || value === '') next.delete(name);
    else next.set(name, value);
  };
  if (patch.preset !== undefined) {
    next.delete('from');
    next.delete('to');
    setOrDelete('range', patch.preset === DEFAULT_PRESET ? null : patch.preset);
  } else if (patch.from !== undefined) {
    next.delete('range');
    next.set('from', patch.from);
    next.set('to', patch.to);
  }
  if (patch.granularity !== undefined) setOrDelete('granularity', patch.granularity === 'day' ? null : patch.granularity);
  for (const dimension of filterDimensions) {
    const values = patch[dimension];
    if (values !== undefined) setOrDelete(dimension, [...new Set(values)].join(','));
  }
  return next;
}

/** The query the analytics API takes for the view: the range, the granularity, non-empty filters. */
export function viewApiParams(view: AnalyticsView): Record<string, string> {
  const params: Record<string, string> = { from: view.from, to: view.to, granularity: view.granularity };
  for (const dimension of filterDimensions) {
    if (view[dimension].length > 0) params[dimension] = view[dimension].join(',');
  }
  return params;
}

export function hasFilters(view: AnalyticsView): boolean {
  return filterDimensions.some((dimension) => view[dimension].length > 0);
}
