// What the overview's cards compare (ADR 010 "Incomplete buckets"): complete days only, so the
// caption says which days the cards cover when today, not over yet, is left out.
import type { Overview } from '@questboard/shared/analytics-answers';

import { formatRange } from './format';

export function comparisonCaption({ range, cardRange, previousRange }: Pick<Overview, 'range' | 'cardRange' | 'previousRange'>): string {
  if (previousRange === null) return `${formatRange(range.from, range.to)} so far: nothing complete to compare yet.`;
  const compared = `${formatRange(cardRange.from, cardRange.to)}, compared with ${formatRange(previousRange.from, previousRange.to)}`;
  if (cardRange.to === range.to) return compared;
  return `${compared}. Today is not over: it is left out of the cards and drawn dashed, so far, in the charts.`;
}

/** Per point of a card's series: whether its bucket is incomplete (dashed in the sparkline). */
export function incompletePoints(series: readonly { date: string }[], incomplete: readonly string[]): boolean[] {
  return series.map((point) => incomplete.includes(point.date));
}
