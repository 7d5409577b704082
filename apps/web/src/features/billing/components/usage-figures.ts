// The billing page's arithmetic and wording, kept out of the components (STYLE.md rule 5).
import { formatDate } from '@questboard/shared/dates';

/** '1,234,567': every count on the page. */
export const formatCount = (value: number) => value.toLocaleString('en-US');

const byteUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** '0 B', '512 B', '1.5 KB', '12 MB' (1 KB = 1,024 bytes); one decimal below 10 of a unit. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  // 9.96 KB would print as 10.0 KB: round first, then choose the precision.
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded < 10 ? rounded.toFixed(1) : formatCount(rounded)} ${byteUnits[unit]}`;
}

export interface QuotaProgress {
  /** 0 to 100, for the progress bar (capped). */
  percent: number;
  /** '0%', '<1%', '42%', '100%': never rounds up to 100% before the quota is used up. */
  percentText: string;
  usedUp: boolean;
  /** 90% or more, not yet used up. */
  nearlyUsedUp: boolean;
}

/** How much of the monthly quota this month's events use. Ingestion refuses a batch that would pass it. */
export function quotaProgress(eventsThisMonth: number, quota: number): QuotaProgress {
  const exact = quota > 0 ? (eventsThisMonth / quota) * 100 : 100;
  const usedUp = eventsThisMonth >= quota;
  const percent = usedUp ? 100 : Math.min(99, Math.floor(exact));
  const percentText = !usedUp && eventsThisMonth > 0 && exact < 1 ? '<1%' : `${percent}%`;
  return { percent, percentText, usedUp, nearlyUsedUp: !usedUp && exact >= 90 };
}

/** The first of next month as people read it, in UTC (the quota's month is a UTC month). */
export const formatMonthStart = (iso: string) => formatDate(iso, { timeZone: 'UTC' });

/** 'March 2026' for the month that starts at `iso` (UTC). */
export const formatMonth = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));

/** 'Mar 4' for a 'YYYY-MM-DD' day. */
export const formatDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/**
 * The top of the chart's scale: the smallest 2, 4, 6, 8 or 10 × 10ⁿ at or above `max` (at least 2),
 * so its half, the middle grid line, is a whole number of events too.
 */
export function niceCeiling(max: number): number {
  if (max <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 4, 6, 8, 10].find((candidate) => candidate * power >= max) ?? 10;
  return step * power;
}

/** One sentence for screen readers: the period, the total and the busiest day. */
export function dailySummary(daily: readonly { day: string; events: number }[]): string {
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) return 'No days to show.';
  const total = daily.reduce((sum, entry) => sum + entry.events, 0);
  const period = `${formatDay(first.day)} to ${formatDay(last.day)}`;
  if (total === 0) return `No events received from ${period}.`;
  const busiest = daily.reduce((best, entry) => (entry.events > best.events ? entry : best), first);
  return `${formatCount(total)} events received from ${period}; the busiest day was ${formatDay(busiest.day)} with ${formatCount(busiest.events)}.`;
}
