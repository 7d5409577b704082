import { FUNNEL_BREAKDOWN_MAX, type Funnel, type FunnelQuery } from '@questboard/shared/analytics-funnels';
import { bucketLabels } from '../buckets';
import type { StoreAnswer } from '../store-answer';

// A funnel's page (ADR 027; the counting in funnel-metrics.ts) from a store's counts over the
// players who entered: each store follows the players in its own SQL (duckdb-funnel.ts,
// clickhouse-funnel.ts) and this works out conversion, drop-off and the trend's conversion, so the
// page's arithmetic is written once.

/** What a store counts over the players who entered. */
export interface FunnelCounts {
  /** Per step: the players who reached it, and the median and 90th percentile of their seconds from the entry (linear interpolation). */
  steps: { players: number; medianSeconds: number | null; p90Seconds: number | null }[];
  /** The breakdown's rows in the page's order, Other last (`breakdownRows` makes them from every value's counts). */
  breakdown: { value: string | null; other: boolean; players: number[] }[];
  /** Per bucket label of the entry day: players who entered, and who reached the last step. */
  trend: { date: string; entered: number; converted: number }[];
}

const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);
const compareValues = (a: string | null, b: string | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

/**
 * The breakdown's rows from every value's players per step: the FUNNEL_BREAKDOWN_MAX values with
 * the most players entering, most first (then by value, not set last), the rest summed in one
 * "Other" row.
 */
export function breakdownRows(groups: readonly { value: string | null; players: readonly number[] }[]): FunnelCounts['breakdown'] {
  const ordered = [...groups].sort((a, b) => (b.players[0] ?? 0) - (a.players[0] ?? 0) || compareValues(a.value, b.value));
  const rows = ordered.slice(0, FUNNEL_BREAKDOWN_MAX).map((group) => ({ value: group.value, other: false, players: [...group.players] }));
  const rest = ordered.slice(FUNNEL_BREAKDOWN_MAX);
  const [firstRest] = rest;
  if (firstRest) {
    rows.push({ value: null, other: true, players: firstRest.players.map((_, index) => rest.reduce((sum, group) => sum + (group.players[index] ?? 0), 0)) });
  }
  return rows;
}

export function assembleFunnel(counts: FunnelCounts, query: FunnelQuery): StoreAnswer<Funnel> {
  const first = counts.steps[0]?.players ?? 0;
  const trend = new Map(counts.trend.map((item) => [item.date, item]));
  const breakdown = query.breakdown === 'none' ? [] : counts.breakdown;
  return {
    steps: counts.steps.map((step, index) => {
      const previous = index === 0 ? null : (counts.steps[index - 1]?.players ?? 0);
      return {
        players: step.players,
        fromPrevious: previous === null ? null : ratio(step.players, previous),
        fromFirst: ratio(step.players, first),
        dropped: previous === null ? 0 : previous - step.players,
        medianSeconds: step.medianSeconds,
        p90Seconds: step.p90Seconds,
      };
    }),
    breakdown,
    breakdownTruncated: breakdown.some((item) => item.other),
    trend: bucketLabels(query).map((b) => {
      const entered = trend.get(b.label)?.entered ?? 0;
      const converted = trend.get(b.label)?.converted ?? 0;
      return { date: b.label, entered, converted, conversion: ratio(converted, entered) };
    }),
  };
}
