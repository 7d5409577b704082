// docs/product/rules-and-messages.md (errors, constants): reading timestamps and showing them.

export type TimestampInput = string | number | Date | null | undefined;

export interface DateFormatOptions {
  /** An IANA zone such as 'UTC' or 'Europe/Paris'; defaults to the runtime's local zone. */
  timeZone?: string;
}

export const neverText = 'Never';
export const invalidDateText = 'Invalid date';
export const justNowText = 'Just now';

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The largest distance from the epoch a Date can hold. */
const MAX_EPOCH_MS = 8.64e15;

// ISO 8601 calendar date, optionally with a time (T or space; seconds and fraction optional) and, after
// the time, a zone (Z, ±hh:mm, ±hhmm or ±hh). Anything else is 'invalid': Date.parse reads other
// shapes as local time, and differently per browser.
const ISO_TIMESTAMP =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})(?:[T ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,](?<fraction>\d+))?)?(?:Z|(?<sign>[+-])(?<offsetHours>\d{2})(?::?(?<offsetMinutes>\d{2}))?)?)?$/iu;

/**
 * null for an empty value (null, undefined, '' or blank), 'invalid' for one that cannot be read,
 * else the instant. Strings without a zone designator are UTC (docs/product/rules-and-messages.md#constants); numbers are epoch
 * milliseconds.
 */
export function parseTimestamp(value: TimestampInput): Date | null | 'invalid' {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return validDate(value.getTime());
  if (typeof value === 'number') return validDate(value);
  const text = value.trim();
  if (text === '') return null;
  return parseIsoTimestamp(text);
}

function validDate(epochMs: number): Date | 'invalid' {
  return Number.isFinite(epochMs) && Math.abs(epochMs) <= MAX_EPOCH_MS ? new Date(epochMs) : 'invalid';
}

function parseIsoTimestamp(text: string): Date | 'invalid' {
  const groups = ISO_TIMESTAMP.exec(text)?.groups;
  if (groups === undefined) return 'invalid';
  const field = (name: string): number => Number(groups[name] ?? 0);
  const [year, month, day, hour, minute, second] = [
    field('year'),
    field('month'),
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  ] as const;
  const ms = Number((groups.fraction ?? '').slice(0, 3).padEnd(3, '0'));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC rolls 30 February over to 2 March; a component that does not survive the trip was out of range.
  const check = new Date(asUtc);
  const inRange =
    check.getUTCFullYear() === year &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    check.getUTCHours() === hour &&
    check.getUTCMinutes() === minute &&
    check.getUTCSeconds() === second;
  if (!inRange) return 'invalid';
  if (groups.sign === undefined) return validDate(asUtc);
  const offsetHours = field('offsetHours');
  const offsetMinutes = field('offsetMinutes');
  if (offsetHours > 23 || offsetMinutes > 59) return 'invalid';
  const offsetMs = (groups.sign === '-' ? -1 : 1) * (offsetHours * HOUR_MS + offsetMinutes * MINUTE_MS);
  return validDate(asUtc - offsetMs);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(withTime: boolean, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${withTime ? 'datetime' : 'date'}|${timeZone ?? ''}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      ...(withTime ? { hour: 'numeric', minute: '2-digit', hour12: true } : {}),
      ...(timeZone === undefined ? {} : { timeZone }),
    });
    formatters.set(key, format);
  }
  return format;
}

function format(value: TimestampInput, withTime: boolean, options: DateFormatOptions): string {
  const date = parseTimestamp(value);
  if (date === null) return neverText;
  if (date === 'invalid') return invalidDateText;
  // ICU 72 to 74 put a narrow no-break space before AM/PM; normalise so every runtime prints the same.
  return formatter(withTime, options.timeZone).format(date).replace(/[\u202f\u2009]/gu, ' ');
}

/** 'Mar 4, 2026'; 'Never' when empty, 'Invalid date' when unreadable. */
export function formatDate(value: TimestampInput, options: DateFormatOptions = {}): string {
  return format(value, false, options);
}

/** 'Mar 4, 2026, 3:07 PM'; 'Never' when empty, 'Invalid date' when unreadable. */
export function formatDateTime(value: TimestampInput, options: DateFormatOptions = {}): string {
  return format(value, true, options);
}

/**
 * 'Just now' under a minute (also up to a minute in the future, for clock skew), then whole minutes,
 * hours and days ago (rounded down), and from 7 days, or a minute or more in the future, the short date.
 */
export function formatRelativeTime(
  value: TimestampInput,
  now: Date | number = new Date(),
  options: DateFormatOptions = {},
): string {
  const date = parseTimestamp(value);
  if (date === null) return neverText;
  if (date === 'invalid') return invalidDateText;
  const elapsed = new Date(now).getTime() - date.getTime();
  if (elapsed > -MINUTE_MS && elapsed < MINUTE_MS) return justNowText;
  if (elapsed >= MINUTE_MS && elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed >= HOUR_MS && elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed >= DAY_MS && elapsed < 7 * DAY_MS) return ago(Math.floor(elapsed / DAY_MS), 'day');
  return formatDate(date, options);
}

function ago(count: number, unit: 'minute' | 'hour' | 'day'): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}
