import type { Experiment, ExperimentMetric } from '@questboard/shared/experiments-api';
import { proportionMoments, type VariantMoments } from '@questboard/shared/experiments-compare';
import { EMPTY_CUPED_SUMS, cupedMoments, fitCuped, unadjustedMoments, type CupedSums } from '@questboard/shared/experiments-cuped';
import { experimentMetricKinds, type ExperimentStatistic } from '@questboard/shared/experiments-metrics';
import type { ExperimentSums } from './experiment-sums';

// From the store's sums to the looks the decision reads (ADR 030): one look per UTC day from the
// start's day to the last day that is over, each with every variant's sums over the players whose
// day N is over by the end of that day (cumulative), revenue capped at that look's cap.

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
export const addDays = (day: string, days: number) => isoDay(dayMs(day) + days * DAY_MS);

/** The moments the results read: exposures in [startMs, endMs), looks from `startDay` to `lastLookDay`. */
export interface ResultsWindow {
  startMs: number;
  endMs: number;
  startDay: string;
  /** The last UTC day over by the end: the day before the end's day (the end itself is not over yet, or is midnight). */
  lastLookDay: string;
}

/** The window of an experiment read at `now`: from its start to its stop or now, whichever is first; null before it starts. */
export function resultsWindow(experiment: Pick<Experiment, 'startedAt' | 'stoppedAt'>, now: Date): ResultsWindow | null {
  if (experiment.startedAt === null) return null;
  const startMs = Date.parse(experiment.startedAt);
  const endMs = Math.max(startMs, Math.min(now.getTime(), experiment.stoppedAt === null ? Infinity : Date.parse(experiment.stoppedAt)));
  return { startMs, endMs, startDay: isoDay(startMs), lastLookDay: isoDay(Math.floor(endMs / DAY_MS) * DAY_MS - 1) };
}

/** The looks' days: the start's day to the last day over, in order (none while the first day is not over). */
export function lookDays(window: ResultsWindow): string[] {
  const days: string[] = [];
  for (let day = window.startDay; day <= window.lastLookDay; day = addDays(day, 1)) days.push(day);
  return days;
}

function add(a: CupedSums, b: CupedSums): CupedSums {
  return {
    players: a.players + b.players,
    sumY: a.sumY + b.sumY,
    sumY2: a.sumY2 + b.sumY2,
    withHistory: a.withHistory + b.withHistory,
    sumYWithHistory: a.sumYWithHistory + b.sumYWithHistory,
    sumX: a.sumX + b.sumX,
    sumX2: a.sumX2 + b.sumX2,
    sumXY: a.sumXY + b.sumXY,
  };
}

/**
 * Each look's sums per variant (in `variants` order) for one metric over days 0 to `n`: the players
 * exposed up to the look's day − n, plus the cap's correction of the last exposure day among them.
 */
export function lookSums(metric: ExperimentSums['metrics'][number], n: number, variants: readonly string[], days: readonly string[]): CupedSums[][] {
  const byDay = [...metric.byDay].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const index = new Map(variants.map((variant, i) => [variant, i]));
  const running = variants.map(() => EMPTY_CUPED_SUMS);
  let next = 0;
  let lastExposureDay: string | null = null;
  return days.map((day) => {
    const through = addDays(day, -n);
    for (; next < byDay.length && (byDay[next]?.day ?? '') <= through; next += 1) {
      const row = byDay[next];
      const i = row === undefined ? undefined : index.get(row.variant);
      if (row === undefined || i === undefined) continue;
      running[i] = add(running[i] ?? EMPTY_CUPED_SUMS, row);
      lastExposureDay = row.day;
    }
    const look = [...running];
    for (const correction of metric.capped) {
      const i = index.get(correction.variant);
      if (correction.day === lastExposureDay && i !== undefined) look[i] = add(look[i] ?? EMPTY_CUPED_SUMS, correction);
    }
    return look;
  });
}

export function metricStatistic(metric: ExperimentMetric): ExperimentStatistic {
  return experimentMetricKinds.find((kind) => kind.key === metric.kind)?.statistic ?? 'mean';
}

/**
 * The variants' moments at one look: CUPED-adjusted (θ and γ fitted over all the variants) when
 * some player has history; otherwise a share's p(1 − p) or a mean's sample variance.
 */
export function lookMoments(sums: readonly CupedSums[], statistic: ExperimentStatistic): { moments: VariantMoments[]; cuped: boolean } {
  if (sums.some((variant) => variant.withHistory > 0)) {
    const adjustment = fitCuped(sums);
    return { moments: sums.map((variant) => cupedMoments(variant, adjustment)), cuped: true };
  }
  return {
    moments: sums.map((variant) => (statistic === 'proportion' ? proportionMoments(variant.players, Math.round(variant.sumY)) : unadjustedMoments(variant))),
    cuped: false,
  };
}
