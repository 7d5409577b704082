import { describe, expect, it } from 'vitest';

import { formatCount, formatDateTime, formatDay, formatDecimal, formatDuration, formatMoney, formatPercent, formatRange, metricChange } from './format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [1234, '1,234'],
    [1234.6, '1,235'],
    [null, '—'],
    [Number.NaN, '—'],
  ])('%s → %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });

  it('shortens from 10,000 up when compact', () => {
    expect(formatCount(9999, { compact: true })).toBe('9,999');
    expect(formatCount(12_345, { compact: true })).toBe('12.3K');
    expect(formatCount(2_500_000, { compact: true })).toBe('2.5M');
  });

  it('keeps up to two decimals with formatDecimal', () => {
    expect(formatDecimal(1.8)).toBe('1.8');
    expect(formatDecimal(1.8456)).toBe('1.85');
    expect(formatDecimal(null)).toBe('—');
  });
});

describe('formatPercent', () => {
  it.each([
    [0.1234, 1, '12.3%'],
    [0.42, 1, '42%'],
    [1, 1, '100%'],
    [0, 1, '0%'],
    [0.256, 0, '26%'],
    [null, 1, '—'],
  ])('%s with %s digits → %s', (ratio, digits, text) => {
    expect(formatPercent(ratio, digits)).toBe(text);
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0s'],
    [0.4, '0s'],
    [45, '45s'],
    [83, '1m 23s'],
    [600, '10m 00s'],
    [3599.6, '1h 00m'],
    [7500, '2h 05m'],
    [-1, '—'],
    [null, '—'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatMoney', () => {
  it.each([
    [1234.5, 'EUR', 'EUR 1,234.50'],
    [0.27, 'USD', 'USD 0.27'],
    // Issue 21: one precision, the currency's minor units (these read 0.20 / 0.395 / 0.41 before).
    [0.2, 'USD', 'USD 0.20'],
    [0.395, 'USD', 'USD 0.40'],
    [0.41, 'USD', 'USD 0.41'],
    [0.125, 'USD', 'USD 0.13'],
    [0, 'USD', 'USD 0.00'],
    [1234.5, 'JPY', 'JPY 1,235'],
    [1234.5678, 'KWD', 'KWD 1,234.568'],
    [-4.5, 'USD', '-USD 4.50'],
    // Not 0 but below one minor unit: two significant digits, never a misleading 0.00.
    [0.002, 'USD', 'USD 0.0020'],
    [0.004567, 'EUR', 'EUR 0.0046'],
    [0.4, 'JPY', 'JPY 0.40'],
    // A code Intl does not know still reads as a code with 2 decimals.
    [3, 'XQB', 'XQB 3.00'],
    [12, null, '12.00'],
    [0.395, null, '0.40'],
    [0.002, null, '0.0020'],
    [null, 'EUR', '—'],
    [Number.NaN, 'EUR', '—'],
  ])('%s %s → %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });
});

describe('days', () => {
  it('writes a UTC day, a week and a month', () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4, 2026');
    expect(formatDay('2026-03-02', 'week')).toBe('Week of Mar 2, 2026');
    expect(formatDay('2026-03-01', 'month')).toBe('Mar 2026');
    expect(formatDay('2026-03-04', 'day', { short: true })).toBe('Mar 4');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('writes a range with the year once when both ends share it', () => {
    expect(formatRange('2026-03-01', '2026-03-30')).toBe('Mar 1 – Mar 30, 2026');
    expect(formatRange('2025-12-15', '2026-01-13')).toBe('Dec 15, 2025 – Jan 13, 2026');
    expect(formatRange('2026-03-04', '2026-03-04')).toBe('Mar 4, 2026');
  });

  it('writes an instant in UTC', () => {
    expect(formatDateTime('2026-03-04T14:05:09.000Z')).toBe('Mar 4, 2026, 14:05:09 UTC');
  });
});

describe('metricChange', () => {
  it('is relative for counts and money', () => {
    expect(metricChange(125, 100)).toEqual({ direction: 'up', text: '▲ 25%', description: 'up 25% from the previous period' });
    expect(metricChange(80, 100)).toEqual({ direction: 'down', text: '▼ 20%', description: 'down 20% from the previous period' });
    expect(metricChange(100.01, 100)).toEqual({ direction: 'flat', text: '0%', description: 'unchanged from the previous period' });
    expect(metricChange(1, 3)?.text).toBe('▼ 66.7%');
  });

  it('is in percentage points for ratios', () => {
    expect(metricChange(0.42, 0.4, 'points')).toEqual({ direction: 'up', text: '▲ 2 pp', description: 'up 2 percentage points from the previous period' });
    expect(metricChange(0.3, 0.355, 'points')?.text).toBe('▼ 5.5 pp');
  });

  it('has nothing to say without both figures or from zero', () => {
    expect(metricChange(null, 1)).toBeNull();
    expect(metricChange(1, null)).toBeNull();
    expect(metricChange(5, 0)).toBeNull();
    expect(metricChange(0.1, 0, 'points')?.text).toBe('▲ 10 pp');
  });
});
