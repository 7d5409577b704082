// ADR 010 "Incomplete buckets": a bucket not over yet (today, this week) or cut by the range holds
// figures so far. Charts draw it dashed or hatched and every label of it says so.
import type { ExploreGranularity as Granularity } from '@questboard/shared/analytics-explore';
import type { CurveCohorts, SeriesPoint } from '@questboard/shared/analytics-answer-parts';

import { formatCount, formatDay, formatRange } from './format';

export const SO_FAR = 'so far';

/** A bucket's label in tooltips and data tables: 'Nov 16, 2026 (so far)' when incomplete. */
export function bucketLabel(date: string, granularity: Granularity, incomplete: readonly string[]): string {
  const label = formatDay(date, granularity);
  return incomplete.includes(date) ? `${label} (${SO_FAR})` : label;
}

/**
 * A line split in two for drawing: the solid part holds the complete buckets, the dashed part every
 * segment that touches an incomplete one (so the line stays connected where they meet).
 */
export function splitLine(points: readonly SeriesPoint[], incomplete: readonly string[]): { solid: (number | null)[]; dashed: (number | null)[] | null } {
  const open = points.map((point) => incomplete.includes(point.date));
  if (!open.some(Boolean)) return { solid: points.map((point) => point.value), dashed: null };
  return {
    solid: points.map((point, index) => (open[index] ? null : point.value)),
    dashed: points.map((point, index) => (open[index] || open[index - 1] === true || open[index + 1] === true ? point.value : null)),
  };
}

/** Which cohorts a curve follows: 'Cohorts installed Oct 1 – Oct 25, 2026 (1,234 players), to day 6'. */
export function curveCohortsText(cohorts: CurveCohorts): string {
  if (cohorts === null) return 'No cohort has installed yet';
  const players = `${formatCount(cohorts.users)} ${cohorts.users === 1 ? 'player' : 'players'}`;
  const days = cohorts.from === cohorts.to ? formatDay(cohorts.from) : formatRange(cohorts.from, cohorts.to);
  return `Cohorts installed ${days} (${players}), followed to day ${cohorts.lastDay}`;
}
