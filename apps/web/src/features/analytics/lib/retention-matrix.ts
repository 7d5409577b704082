// The cohort retention matrix as the engagement page shows it: rows of install cohorts, columns
// day 0 to 30, each cell a share of its cohort with a colour level (STYLE.md rule 5: the maths and
// wording here, the table in components/retention-heatmap.tsx).
import { type Granularity, RETENTION_DAYS, type RetentionMode, retentionModes } from '@questboard/shared/analytics-view';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';

import { formatCount, formatDay, formatPercent } from './format';

/**
 * Where each colour level starts (a share of the cohort). Stepped rather than continuous so the
 * legend names every colour, and denser at the low end, where day 7 to day 30 retention lives:
 * a linear scale would paint everything after day 1 the same pale shade.
 */
export const HEAT_LEVEL_STARTS = [0, 0.05, 0.1, 0.2, 0.3, 0.45, 0.6] as const;

export const NOT_REACHED_TEXT = 'Not reached yet';

/** The colour level (0 to 6) of a share of the cohort; null cells have none. */
export function heatLevel(rate: number | null): number | null {
  if (rate === null || !Number.isFinite(rate)) return null;
  let level = 0;
  HEAT_LEVEL_STARTS.forEach((start, index) => {
    if (rate >= start) level = index;
  });
  return level;
}

const legendPercent = (share: number) => `${Math.round(share * 100)}%`;

/** The legend: 'Under 5%', '5–10%', …, '60% or more'. */
export function heatLegend(): { level: number; label: string }[] {
  return HEAT_LEVEL_STARTS.map((start, level) => {
    const next = HEAT_LEVEL_STARTS[level + 1];
    const label =
      level === 0 && next !== undefined
        ? `Under ${legendPercent(next)}`
        : next === undefined
          ? `${legendPercent(start)} or more`
          : `${Math.round(start * 100)}–${legendPercent(next)}`;
    return { level, label };
  });
}

export interface HeatCell {
  day: number;
  rate: number | null;
  level: number | null;
  /** What the cell shows: '42.3%', or nothing when the day has not been reached. */
  text: string;
  /** The hover text: 'Mar 4, 2026 cohort (1,234 users), day 7: 15.2% retained'. */
  title: string;
}

export interface HeatRow {
  cohort: string;
  /** The cohort's bucket as people read it: 'Mar 4, 2026', 'Week of Mar 2, 2026', 'Mar 2026'. */
  label: string;
  size: number;
  sizeText: string;
  cells: HeatCell[];
}

export const retentionDays = Array.from({ length: RETENTION_DAYS + 1 }, (_, day) => day);

const modeWord: Record<RetentionMode, string> = { classic: 'active on', rolling: 'active on or after' };

/** One row per cohort, one cell per day 0..30 (a short answer is padded with 'not reached yet'). */
export function retentionMatrix(retention: Pick<Retention, 'cohorts' | 'mode'>, granularity: Granularity): HeatRow[] {
  return retention.cohorts.map((row) => {
    const label = formatDay(row.cohort, granularity);
    const sizeText = `${formatCount(row.size)} ${row.size === 1 ? 'user' : 'users'}`;
    return {
      cohort: row.cohort,
      label,
      size: row.size,
      sizeText,
      cells: retentionDays.map((day) => {
        const rate = row.values[day] ?? null;
        const where = `${label} cohort (${sizeText}), day ${day}`;
        return {
          day,
          rate,
          level: heatLevel(rate),
          text: rate === null ? '' : formatPercent(rate),
          title:
            rate === null
              ? `${where}: ${NOT_REACHED_TEXT.toLowerCase()}`
              : `${where}: ${formatPercent(rate)} ${modeWord[retention.mode]} day ${day}`,
        };
      }),
    };
  });
}

/** The curve in one sentence for screen readers: 'Day 1: 42.3%, day 7: 15.1%, day 30: 5%.' */
export function curveSummary(curve: Retention['curve'], mode: RetentionMode): string {
  const marks = [1, 7, 14, 30].flatMap((day) => {
    const point = curve.find((candidate) => candidate.day === day);
    return point === undefined || point.rate === null ? [] : [`day ${day} ${formatPercent(point.rate)}`];
  });
  const name = mode === 'classic' ? 'Classic retention' : 'Rolling retention';
  return marks.length === 0
    ? `${name}: no cohort has reached day 1 yet.`
    : `${name} of all cohorts together: ${marks.join(', ')}.`;
}

/** The retention mode in the address (`mode=rolling`); classic, the default, is left out. */
export function readRetentionMode(params: URLSearchParams): RetentionMode {
  return retentionModes.find((mode) => mode === params.get('mode')) ?? 'classic';
}

export function writeRetentionMode(params: URLSearchParams, mode: RetentionMode): URLSearchParams {
  const next = new URLSearchParams(params);
  if (mode === 'classic') next.delete('mode');
  else next.set('mode', mode);
  return next;
}
