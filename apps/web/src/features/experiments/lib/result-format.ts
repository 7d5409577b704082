// How the results page writes a metric's figures (docs/product/experiments.md#the-figures): a
// share as a percentage and its differences in percentage points; a mean and its differences in
// the metric's unit; each with the decimals that show its interval's width to two digits, as the
// verdict sentences do.
import type { ExperimentStatistic } from '@questboard/shared/experiments-metrics';

export interface Interval {
  lower: number;
  upper: number;
}

const MINUS = '\u2212';

/** Enough decimals for `width` to show two significant digits, at most four (the verdict's rule). */
export function decimalsFor(width: number): number {
  if (!(width > 0) || !Number.isFinite(width)) return 2;
  return Math.min(4, Math.max(0, 1 - Math.floor(Math.log10(width))));
}

function signed(value: number, decimals: number, plus: boolean): string {
  const text = Math.abs(value).toFixed(decimals);
  if (Number(text) === 0) return text;
  return value < 0 ? `${MINUS}${text}` : plus ? `+${text}` : text;
}

const scaleOf = (statistic: ExperimentStatistic) => (statistic === 'proportion' ? 100 : 1);

/** A variant's estimate: "41.2%" for a share, "3.27" for a mean. */
export function formatEstimate(statistic: ExperimentStatistic, value: number | null): string {
  if (value === null) return '—';
  if (statistic === 'proportion') return `${signed(value * 100, 1, false)}%`;
  return signed(value, Math.abs(value) >= 100 ? 0 : 2, false);
}

/** A difference with its interval's decimals: "+1.2 pts", "−0.35". */
export function formatDifference(statistic: ExperimentStatistic, value: number, interval: Interval): string {
  const scale = scaleOf(statistic);
  const text = signed(value * scale, decimalsFor((interval.upper - interval.lower) * scale), true);
  return statistic === 'proportion' ? `${text} pts` : text;
}

/** An interval: "−0.4 to 2.1 pts" for a share's difference, "−0.12 to 0.40" for a mean's. */
export function formatInterval(statistic: ExperimentStatistic, interval: Interval): string {
  const scale = scaleOf(statistic);
  const decimals = decimalsFor((interval.upper - interval.lower) * scale);
  const text = `${signed(interval.lower * scale, decimals, false)} to ${signed(interval.upper * scale, decimals, false)}`;
  return statistic === 'proportion' ? `${text} pts` : text;
}

/** A relative difference in percent: "+3.1%", or its interval "−1.0% to 7.2%". */
export function formatRelative(value: number, interval: Interval): string {
  return `${signed(value * 100, decimalsFor((interval.upper - interval.lower) * 100), true)}%`;
}

export function formatRelativeInterval(interval: Interval): string {
  const decimals = decimalsFor((interval.upper - interval.lower) * 100);
  return `${signed(interval.lower * 100, decimals, false)}% to ${signed(interval.upper * 100, decimals, false)}%`;
}

/** The always-valid p-value: "0.003", "< 0.001", "1". */
export function formatPValue(value: number | null): string {
  if (value === null) return '—';
  if (value < 0.001) return '< 0.001';
  if (value >= 0.995) return '1';
  return value < 0.01 ? value.toFixed(3) : value.toFixed(2);
}

/** A p-value in a sentence: "p < 0.001", "p = 0.40". */
export function pValueText(value: number): string {
  const text = formatPValue(value);
  return text.startsWith('<') ? `p ${text}` : `p = ${text}`;
}

export function formatPlayers(value: number): string {
  return value.toLocaleString('en-US');
}

/** A share of the players, for the exposures: "49.7%". */
export function formatShare(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}
