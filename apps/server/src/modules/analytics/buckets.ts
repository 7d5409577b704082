import type { Granularity } from '@questboard/shared/analytics-view';

/** What bucketing needs of a view: its days (both included) and granularity. */
export interface View {
  from: string;
  to: string;
  granularity: Granularity;
}

export interface Bucket {
  /** The bucket's first day inside the range (ADR 010). */
  label: string;
  /** Its days inside the range, in order. */
  days: string[];
  /** Its last day inside the range. */
  last: string;
}

const DAY_MS = 86_400_000;

/** The start of the day's bucket: the day, its ISO week's Monday, or the first of its month. */
function bucketStart(day: Date, granularity: Granularity): number {
  if (granularity === 'day') return day.getTime();
  if (granularity === 'week') return day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS;
  return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1);
}

/** Every bucket of the range, in order, empty ones included. */
export function bucketLabels(view: View): Bucket[] {
  const buckets: Bucket[] = [];
  const end = Date.parse(`${view.to}T00:00:00Z`);
  let current: Bucket | undefined;
  let currentStart = Number.NaN;
  for (let at = Date.parse(`${view.from}T00:00:00Z`); at <= end; at += DAY_MS) {
    const day = new Date(at);
    const iso = day.toISOString().slice(0, 10);
    const start = bucketStart(day, view.granularity);
    if (!current || start !== currentStart) {
      current = { label: iso, days: [], last: iso };
      currentStart = start;
      buckets.push(current);
    }
    current.days.push(iso);
    current.last = iso;
  }
  return buckets;
}

/** The last day of the calendar bucket starting at `start` (a day, a Sunday, a month's last day). */
function bucketEnd(start: number, granularity: Granularity): number {
  if (granularity === 'day') return start;
  if (granularity === 'week') return start + 6 * DAY_MS;
  const first = new Date(start);
  return Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1) - DAY_MS;
}

/**
 * The labels of the buckets that are not whole (ADR 010 "Incomplete buckets"): not over yet (they
 * hold today or later days) or cut by the range's start or end. Pure calendar arithmetic on the view
 * and today, so every store answers the same.
 */
export function incompleteBuckets(view: View, today: string): string[] {
  const from = Date.parse(`${view.from}T00:00:00Z`);
  const to = Date.parse(`${view.to}T00:00:00Z`);
  const todayMs = Date.parse(`${today}T00:00:00Z`);
  return bucketLabels(view).flatMap((bucket) => {
    const start = bucketStart(new Date(`${bucket.label}T00:00:00Z`), view.granularity);
    const end = bucketEnd(start, view.granularity);
    return end >= todayMs || start < from || end > to ? [bucket.label] : [];
  });
}
