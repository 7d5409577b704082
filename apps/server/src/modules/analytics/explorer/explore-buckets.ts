import type { ExploreGranularity } from '@questboard/shared/analytics-explore';
import { bucketLabels, incompleteBuckets } from '../buckets';

// The explorer's buckets (ADR 026): the view's days, weeks or months (ADR 010), or the range's
// hours in UTC, labelled YYYY-MM-DDTHH:00:00Z.

const HOUR_MS = 3_600_000;

interface ExploreView {
  from: string;
  to: string;
  granularity: ExploreGranularity;
}

const hourLabel = (ms: number) => `${new Date(ms).toISOString().slice(0, 13)}:00:00Z`;

/** Every bucket label of the range, in order. */
export function exploreBucketLabels(view: ExploreView): string[] {
  if (view.granularity !== 'hour') return bucketLabels({ ...view, granularity: view.granularity }).map((bucket) => bucket.label);
  const labels: string[] = [];
  const end = Date.parse(`${view.to}T00:00:00Z`) + 24 * HOUR_MS;
  for (let at = Date.parse(`${view.from}T00:00:00Z`); at < end; at += HOUR_MS) labels.push(hourLabel(at));
  return labels;
}

/** The buckets not over yet (ADR 010 "Incomplete buckets"); an hour is incomplete until it has ended. */
export function exploreIncomplete(view: ExploreView, now: Date): string[] {
  if (view.granularity !== 'hour') return incompleteBuckets({ ...view, granularity: view.granularity }, now.toISOString().slice(0, 10));
  return exploreBucketLabels(view).filter((label) => Date.parse(label) + HOUR_MS > now.getTime());
}
