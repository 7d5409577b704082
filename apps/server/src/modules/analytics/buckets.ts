import type { Granularity } from '@questboard/shared/analytics';

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
