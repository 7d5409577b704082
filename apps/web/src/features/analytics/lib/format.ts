// How the analytics pages write figures (docs/product/metrics.md): every figure with its unit, ratios
// as percentages, durations as 1m 23s, money with the currency code in its minor units (formatMoney),
// days as UTC calendar days.
// null (nothing to compute a figure from) is always an em dash.
import type { ExploreGranularity as Granularity } from '@questboard/shared/analytics-explore';

export const NO_VALUE = '—';
const locale = 'en-US';

const counts = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const compactCounts = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
const decimals = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });

/** 1,234 (rounded); with compact, 12.3K from 10,000 up. */
export function formatCount(value: number | null, { compact = false }: { compact?: boolean } = {}): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  return compact && Math.abs(value) >= 10_000 ? compactCounts.format(value) : counts.format(value);
}

/** A figure that may have decimals (an average DAU, sessions per DAU): at most 2. */
export function formatDecimal(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return NO_VALUE;
  return decimals.format(value);
}

/** A ratio 0..1 as a percentage: 0.1234 → 12.3%. */
export function formatPercent(ratio: number | null, digits = 1): string {
  if (ratio === null || !Number.isFinite(ratio)) return NO_VALUE;
  return `${(ratio * 100).toFixed(digits).replace(/\.0+$/u, '')}%`;
}

/** Seconds as 45s, 1m 23s, 2h 05m (whole seconds; under a second shows 0s). */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}

interface MoneyFormat {
  regular: Intl.NumberFormat;
  small: Intl.NumberFormat;
  /** The smallest amount the currency writes: 0.01 for USD, 1 for JPY. */
  minorUnit: number;
}
const moneyFormats = new Map<string, MoneyFormat>();

function moneyFormat(currency: string | null): MoneyFormat {
  const key = currency ?? '';
  let format = moneyFormats.get(key);
  if (!format) {
    // Any well-formed code works: Intl knows the minor units of ISO 4217 currencies, 2 otherwise.
    const unit: Intl.NumberFormatOptions = currency ? { style: 'currency', currency, currencyDisplay: 'code' } : { minimumFractionDigits: 2 };
    const regular = new Intl.NumberFormat(locale, { ...unit, maximumFractionDigits: currency ? undefined : 2 });
    const digits = regular.resolvedOptions().maximumFractionDigits ?? 2;
    const small = new Intl.NumberFormat(locale, { ...unit, minimumFractionDigits: undefined, maximumSignificantDigits: 2, minimumSignificantDigits: 2 });
    format = { regular, small, minorUnit: 10 ** -digits };
    moneyFormats.set(key, format);
  }
  return format;
}

/**
 * The one money rule (issue 21, ADR 011): the currency's code and its own minor units (USD 1,234.56,
 * JPY 1,235, KWD 1.235), so 0.2, 0.395 and 0.41 read USD 0.20, USD 0.40, USD 0.41. An amount that is
 * not 0 but below one minor unit (an ARPDAU of a fifth of a cent) shows two significant digits
 * (USD 0.0020) rather than a misleading 0.00. Without a currency (chart axes): 2 decimals.
 */
export function formatMoney(amount: number | null, currency: string | null): string {
  if (amount === null || !Number.isFinite(amount)) return NO_VALUE;
  const { regular, small, minorUnit } = moneyFormat(currency);
  const size = Math.abs(amount);
  // A regular space: Intl puts a no-break one after the code, which copies badly into spreadsheets.
  return (size > 0 && size < minorUnit ? small : regular).format(amount).replace(/\u00a0/gu, ' ');
}

const dayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(locale, {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZone: 'UTC',
});

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * A UTC day (YYYY-MM-DD) as Mar 4, 2026; a bucket's first day as its bucket: 'Week of Mar 2, 2026',
 * 'Mar 2026'. With short, the year is left out (chart axes).
 */
export function formatDay(day: string, granularity: Granularity = 'day', { short = false }: { short?: boolean } = {}): string {
  // An hour's bucket (YYYY-MM-DDTHH:00:00Z): 'Mar 4, 14:00' in UTC, '14:00' on an axis after the first.
  if (day.includes('T')) return formatHour(day, { short });
  const date = utcDay(day);
  if (Number.isNaN(date.getTime())) return day;
  if (granularity === 'month') return monthFormat.format(date);
  const text = (short ? shortDayFormat : dayFormat).format(date);
  return granularity === 'week' && !short ? `Week of ${text}` : text;
}

const hourFormat = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' });

/** An hour bucket in UTC: 'Mar 4, 14:00'; short: the same without the year (there is none). */
function formatHour(iso: string, { short: _short }: { short?: boolean }): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : hourFormat.format(date);
}

/** A range of UTC days: Mar 1 – Mar 30, 2026 (the year once when both ends share it). */
export function formatRange(from: string, to: string): string {
  if (from === to) return formatDay(from);
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${sameYear ? formatDay(from, 'day', { short: true }) : formatDay(from)} – ${formatDay(to)}`;
}

/** An instant (ISO) as Mar 4, 2026, 14:05:09 UTC. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${dateTimeFormat.format(date)} UTC`;
}

export interface MetricChange {
  direction: 'up' | 'down' | 'flat';
  /** ▲ 12.3%, ▼ 1.2 pp, 0%. */
  text: string;
  /** For screen readers: 'up 12.3% from the previous period'. */
  description: string;
}

/**
 * The change against the previous period: relative (12.3% more DAU) or, for ratios, in percentage
 * points (retention from 40% to 42% is +2 pp, not +5%). null when there is nothing to compare.
 */
export function metricChange(value: number | null, previous: number | null, mode: 'relative' | 'points' = 'relative'): MetricChange | null {
  if (value === null || previous === null || !Number.isFinite(value) || !Number.isFinite(previous)) return null;
  let amount: number;
  let unit: string;
  if (mode === 'points') {
    amount = (value - previous) * 100;
    unit = ' pp';
  } else {
    if (previous === 0) return null;
    amount = ((value - previous) / Math.abs(previous)) * 100;
    unit = '%';
  }
  const rounded = Math.round(amount * 10) / 10;
  const size = `${Math.abs(rounded).toFixed(1).replace(/\.0$/u, '')}${unit}`;
  const words = mode === 'points' ? size.replace(' pp', ' percentage points') : size;
  if (rounded === 0) return { direction: 'flat', text: `0${unit}`, description: 'unchanged from the previous period' };
  const direction = rounded > 0 ? 'up' : 'down';
  return {
    direction,
    text: `${direction === 'up' ? '▲' : '▼'} ${size}`,
    description: `${direction} ${words} from the previous period`,
  };
}
