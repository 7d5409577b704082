// docs/product/experiments.md#heavy-tails and ADR 025: revenue per player is heavy-tailed (one whale can
// spend more than the other thousand players together), so its mean swings with a single purchase and
// its variance makes every interval wide. Revenue metrics are winsorised before the statistics.

/** The percentile of all exposed players (pooled over the variants) at which revenue is capped. */
export const REVENUE_WINSORISATION_PERCENTILE = 99.9;

/**
 * The same as a fraction, for the stores' SQL. Written out, not computed: 99.9 / 100 is
 * 0.9990000000000001 in binary floating point, and with it DuckDB's `quantile_disc` took the rank
 * after the nearest one whenever the players were a multiple of 1,000 (the cap became the largest
 * value, so nothing was capped).
 */
export const REVENUE_WINSORISATION_QUANTILE = 0.999;

/**
 * The cap: the value at `percentile` of the pooled values by the nearest-rank rule (the smallest
 * value with at least `percentile`% of the values at or below it; PostgreSQL's `percentile_disc`).
 * Values above it are set to it. When the cap is 0 or less (at most one player in a thousand
 * spent), nothing is capped: capping would erase all revenue. Null when there are no values.
 */
export function winsorisationCap(values: readonly number[], percentile = REVENUE_WINSORISATION_PERCENTILE): number | null {
  if (!(percentile > 0 && percentile <= 100)) throw new RangeError(`percentile must be above 0 and at most 100, got ${percentile}`);
  if (values.length === 0) return null;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil((percentile / 100) * sorted.length - 1e-9));
  const cap = sorted[rank - 1] ?? 0;
  return cap > 0 ? cap : null;
}

/** A value winsorised at `cap`: min(value, cap); null cap (nothing to cap) keeps the value. */
export function winsorise(value: number, cap: number | null): number {
  return cap === null ? value : Math.min(value, cap);
}

/** The count, sum and sum of squares of winsorised values: what `meanMoments` needs. */
export function winsorisedSums(values: readonly number[], cap: number | null): { players: number; sum: number; sumOfSquares: number } {
  let sum = 0;
  let sumOfSquares = 0;
  for (const value of values) {
    const capped = winsorise(value, cap);
    sum += capped;
    sumOfSquares += capped * capped;
  }
  return { players: values.length, sum, sumOfSquares };
}
