import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TimestampInput, formatDate, formatDateTime, formatRelativeTime, parseTimestamp } from './dates';

// A zone that is not UTC, so reading a zone-less string as local time would show up as a failure.
const originalTimeZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});
afterAll(() => {
  if (originalTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalTimeZone;
});

const utc = { timeZone: 'UTC' };

describe('parseTimestamp', () => {
  it.each<[string, TimestampInput, string]>([
    ['zone-less T form is UTC', '2026-03-04T10:20:30', '2026-03-04T10:20:30.000Z'],
    ['zone-less space form is UTC', '2026-03-04 10:20:30', '2026-03-04T10:20:30.000Z'],
    ['zone-less with milliseconds is UTC', '2026-03-04T10:20:30.123', '2026-03-04T10:20:30.123Z'],
    ['microseconds are cut to milliseconds', '2026-03-04T10:20:30.123456', '2026-03-04T10:20:30.123Z'],
    ['one fraction digit', '2026-03-04T10:20:30.5', '2026-03-04T10:20:30.500Z'],
    ['no seconds', '2026-03-04T10:20', '2026-03-04T10:20:00.000Z'],
    ['date only is UTC midnight', '2026-03-04', '2026-03-04T00:00:00.000Z'],
    ['Z kept', '2026-03-04T10:20:30Z', '2026-03-04T10:20:30.000Z'],
    ['lower-case z and t', '2026-03-04t10:20:30z', '2026-03-04T10:20:30.000Z'],
    ['positive offset kept', '2026-03-04T10:20:30+02:00', '2026-03-04T08:20:30.000Z'],
    ['negative offset kept', '2026-03-04T10:20:30-05:30', '2026-03-04T15:50:30.000Z'],
    ['offset without colon', '2026-03-04T10:20:30+0200', '2026-03-04T08:20:30.000Z'],
    ['hour-only offset', '2026-03-04T10:20:30+02', '2026-03-04T08:20:30.000Z'],
    ['surrounding whitespace', '  2026-03-04T10:20:30Z ', '2026-03-04T10:20:30.000Z'],
    ['leap day', '2024-02-29T00:00:00', '2024-02-29T00:00:00.000Z'],
    ['epoch milliseconds', 1772619630000, '2026-03-04T10:20:30.000Z'],
    ['epoch zero', 0, '1970-01-01T00:00:00.000Z'],
    ['Date object', new Date(Date.UTC(2026, 2, 4, 10, 20, 30)), '2026-03-04T10:20:30.000Z'],
  ])('%s', (_label, value, iso) => {
    const parsed = parseTimestamp(value);
    expect(parsed).toBeInstanceOf(Date);
    expect((parsed as Date).toISOString()).toBe(iso);
  });

  it.each<[string, TimestampInput]>([
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['blank string', '   '],
  ])('empty: %s -> null', (_label, value) => {
    expect(parseTimestamp(value)).toBeNull();
  });

  it.each<[string, TimestampInput]>([
    ['words', 'yesterday'],
    ['not a leap year', '2026-02-29'],
    ['30 February', '2026-02-30T10:00:00'],
    ['month 13', '2026-13-01'],
    ['hour 24', '2026-03-04T24:00:00'],
    ['minute 60', '2026-03-04T10:60:00'],
    ['offset hour 24', '2026-03-04T10:20:30+24:00'],
    ['zone on a bare date', '2026-03-04Z'],
    ['local-time formats are refused', 'March 4, 2026 10:20'],
    ['slashes', '03/04/2026'],
    ['trailing text', '2026-03-04T10:20:30Zjunk'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['beyond the Date range', 8.64e15 + 1],
    ['invalid Date object', new Date(Number.NaN)],
  ])('invalid: %s', (_label, value) => {
    expect(parseTimestamp(value)).toBe('invalid');
  });

  it('copies a Date instead of returning the caller’s object', () => {
    const original = new Date(0);
    expect(parseTimestamp(original)).not.toBe(original);
  });
});

describe('formatDate and formatDateTime', () => {
  it.each<[string, TimestampInput, string, string]>([
    ['afternoon', '2026-03-04T15:07:00Z', 'Mar 4, 2026', 'Mar 4, 2026, 3:07 PM'],
    ['zone-less string read as UTC', '2026-03-04 15:07:59', 'Mar 4, 2026', 'Mar 4, 2026, 3:07 PM'],
    ['midnight is 12 AM', '2026-12-25T00:05:00Z', 'Dec 25, 2026', 'Dec 25, 2026, 12:05 AM'],
    ['noon is 12 PM', '2026-07-01T12:00:00Z', 'Jul 1, 2026', 'Jul 1, 2026, 12:00 PM'],
    ['offset converted to the zone', '2026-03-04T23:30:00-02:00', 'Mar 5, 2026', 'Mar 5, 2026, 1:30 AM'],
    ['epoch number', 0, 'Jan 1, 1970', 'Jan 1, 1970, 12:00 AM'],
    ['Date object', new Date(Date.UTC(2026, 0, 31, 9, 5)), 'Jan 31, 2026', 'Jan 31, 2026, 9:05 AM'],
    ['null', null, 'Never', 'Never'],
    ['undefined', undefined, 'Never', 'Never'],
    ['empty', '', 'Never', 'Never'],
    ['unparseable', 'not a date', 'Invalid date', 'Invalid date'],
    ['invalid Date', new Date(Number.NaN), 'Invalid date', 'Invalid date'],
  ])('%s', (_label, value, date, dateTime) => {
    expect(formatDate(value, utc)).toBe(date);
    expect(formatDateTime(value, utc)).toBe(dateTime);
  });

  it('uses a given zone', () => {
    expect(formatDateTime('2026-03-04T15:07:00Z', { timeZone: 'Asia/Tokyo' })).toBe('Mar 5, 2026, 12:07 AM');
  });

  it('defaults to the runtime zone', () => {
    // TZ is America/New_York here (UTC-5 in March).
    expect(formatDate('2026-03-04T03:00:00Z')).toBe('Mar 3, 2026');
    expect(formatDateTime('2026-03-04T15:07:00')).toBe('Mar 4, 2026, 10:07 AM');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const before = (ms: number) => new Date(now.getTime() - ms);
  const s = 1000;
  const min = 60 * s;
  const h = 60 * min;
  const d = 24 * h;

  it.each<[string, TimestampInput, string]>([
    ['same instant', before(0), 'Just now'],
    ['59 s', before(59 * s), 'Just now'],
    ['59.999 s', before(60 * s - 1), 'Just now'],
    ['30 s in the future (clock skew)', before(-30 * s), 'Just now'],
    ['59 s in the future', before(-59 * s), 'Just now'],
    ['60 s in the future: the date', before(-60 * s), 'Mar 10, 2026'],
    ['days in the future: the date', before(-3 * d), 'Mar 13, 2026'],
    ['60 s', before(60 * s), '1 minute ago'],
    ['1 min 59 s', before(2 * min - 1), '1 minute ago'],
    ['2 min', before(2 * min), '2 minutes ago'],
    ['59 min 59 s', before(h - s), '59 minutes ago'],
    ['60 min', before(h), '1 hour ago'],
    ['1 h 59 min', before(2 * h - min), '1 hour ago'],
    ['2 h', before(2 * h), '2 hours ago'],
    ['23 h 59 min', before(d - min), '23 hours ago'],
    ['24 h', before(d), '1 day ago'],
    ['47 h', before(2 * d - h), '1 day ago'],
    ['2 days', before(2 * d), '2 days ago'],
    ['6 days 23 h', before(7 * d - h), '6 days ago'],
    ['6 days 23 h 59 min 59.999 s', before(7 * d - 1), '6 days ago'],
    ['7 days: the date', before(7 * d), 'Mar 3, 2026'],
    ['a year', before(365 * d), 'Mar 10, 2025'],
    ['zone-less string is UTC', '2026-03-10T11:55:00', '5 minutes ago'],
    ['zone-less space form is UTC', '2026-03-10 09:00:00', '3 hours ago'],
    ['offset string', '2026-03-10T13:00:00+02:00', '1 hour ago'],
    ['date only is UTC midnight', '2026-03-09', '1 day ago'],
    ['epoch number', now.getTime() - 45 * min, '45 minutes ago'],
    ['null', null, 'Never'],
    ['undefined', undefined, 'Never'],
    ['empty string', '', 'Never'],
    ['unparseable', '2026-03-10T25:00:00', 'Invalid date'],
    ['garbage', 'soon', 'Invalid date'],
  ])('%s', (_label, value, expected) => {
    expect(formatRelativeTime(value, now, utc)).toBe(expected);
  });

  it('accepts now as epoch milliseconds', () => {
    expect(formatRelativeTime(before(3 * h), now.getTime(), utc)).toBe('3 hours ago');
  });

  it('defaults now to the current time', () => {
    expect(formatRelativeTime(new Date(Date.now() - 2 * min))).toBe('2 minutes ago');
  });
});
