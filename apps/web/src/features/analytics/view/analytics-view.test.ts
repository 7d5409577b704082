import { describe, expect, it } from 'vitest';

import { addDays, applyViewPatch, datePresets, parseFilter, parseView, selectedPreset, validateRange, viewApiParams } from './analytics-view';

const today = '2026-03-15';
const params = (search: string) => new URLSearchParams(search);

describe('datePresets', () => {
  it.each([
    ['today', '2026-03-15', '2026-03-15'],
    ['yesterday', '2026-03-14', '2026-03-14'],
    ['last-7', '2026-03-09', '2026-03-15'],
    ['last-30', '2026-02-14', '2026-03-15'],
    ['last-90', '2025-12-16', '2026-03-15'],
    ['this-month', '2026-03-01', '2026-03-15'],
    ['last-month', '2026-02-01', '2026-02-28'],
  ])('%s on %s..%s', (key, from, to) => {
    expect(datePresets.find((preset) => preset.key === key)?.range(today)).toEqual({ from, to });
  });

  it('counts last month across a year and a leap February', () => {
    const lastMonth = datePresets.find((preset) => preset.key === 'last-month')!;
    expect(lastMonth.range('2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth.range('2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('adds days across months', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('parseView', () => {
  it('defaults to the last 30 days by day without filters', () => {
    expect(parseView(params(''), today)).toEqual({
      from: '2026-02-14',
      to: '2026-03-15',
      granularity: 'day',
      platform: [],
      country: [],
      app_version: [],
    });
    expect(selectedPreset(params(''))).toBe('last-30');
  });

  it('reads a preset, fixed days, the granularity and the filters', () => {
    expect(parseView(params('range=last-7&granularity=week&platform=ios,android&country=DE'), today)).toMatchObject({
      from: '2026-03-09',
      to: '2026-03-15',
      granularity: 'week',
      platform: ['ios', 'android'],
      country: ['DE'],
      app_version: [],
    });
    expect(parseView(params('from=2026-01-01&to=2026-01-31&range=last-7'), today)).toMatchObject({ from: '2026-01-01', to: '2026-01-31' });
    expect(selectedPreset(params('from=2026-01-01&to=2026-01-31'))).toBe('custom');
    expect(selectedPreset(params('range=this-month'))).toBe('this-month');
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'not a calendar day'],
    ['from=2026-03-10&to=2026-03-01', 'from after to'],
    ['from=2024-01-01&to=2026-01-01', 'longer than 400 days'],
    ['from=2026-03-01', 'only one end'],
    ['range=last-year', 'an unknown preset'],
  ])('falls back to the default range for %s (%s)', (search) => {
    expect(parseView(params(search), today)).toMatchObject({ from: '2026-02-14', to: '2026-03-15' });
  });

  it('falls back to day for an unknown granularity and drops invalid filter values', () => {
    expect(parseView(params('granularity=hour'), today).granularity).toBe('day');
    expect(parseFilter(' ios , ,ios,android')).toEqual(['ios', 'android']);
    expect(parseFilter(`${'x'.repeat(65)},ok`)).toEqual(['ok']);
    expect(parseFilter(Array.from({ length: 25 }, (_, index) => `v${index}`).join(','))).toHaveLength(20);
    expect(parseFilter(null)).toEqual([]);
  });

  it('drops a filter value the server would refuse as unstorable text (the shared rule)', () => {
    expect(parseFilter('ios,bad\uD800value')).toEqual(['ios']);
  });
});

describe('validateRange', () => {
  it.each([
    ['2026-03-01', '2026-03-01', null],
    ['2026-03-02', '2026-03-01', 'The start day must not be after the end day'],
    ['2025-01-01', '2026-02-05', 'The date range may cover at most 400 days'],
    ['2025-01-01', '2026-02-04', null],
    ['', '2026-03-01', 'Enter both days of the range as dates'],
  ])('%s..%s → %s', (from, to, message) => {
    expect(validateRange(from, to)).toBe(message);
  });
});

describe('applyViewPatch', () => {
  it('writes a preset instead of fixed days, and fixed days instead of a preset', () => {
    expect(applyViewPatch(params('from=2026-01-01&to=2026-01-31'), { preset: 'last-7' }).toString()).toBe('range=last-7');
    expect(applyViewPatch(params('range=last-7'), { from: '2026-01-01', to: '2026-01-31' }).toString()).toBe('from=2026-01-01&to=2026-01-31');
  });

  it('leaves defaults out of the URL', () => {
    expect(applyViewPatch(params('range=last-7&granularity=week&platform=ios'), { preset: 'last-30', granularity: 'day', platform: [] }).toString()).toBe('');
  });

  it("keeps the page's own parameters and the parts of the view it does not change", () => {
    expect(applyViewPatch(params('mode=rolling&range=last-7&event=purchase'), { country: ['DE', 'US', 'DE'] }).toString()).toBe(
      'mode=rolling&range=last-7&event=purchase&country=DE%2CUS',
    );
  });
});

describe('viewApiParams', () => {
  it('sends the range and granularity always and only the filters that are set, comma-separated', () => {
    expect(
      viewApiParams({ from: '2026-03-01', to: '2026-03-07', granularity: 'week', platform: ['ios', 'android'], country: [], app_version: ['1.2.0'] }),
    ).toEqual({ from: '2026-03-01', to: '2026-03-07', granularity: 'week', platform: 'ios,android', app_version: '1.2.0' });
  });
});
