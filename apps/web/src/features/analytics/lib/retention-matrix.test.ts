import { describe, expect, it } from 'vitest';

import {
  curveSummary,
  heatLegend,
  heatLevel,
  readRetentionMode,
  retentionMatrix,
  writeRetentionMode,
} from './retention-matrix';

describe('heatLevel', () => {
  it.each([
    [0, 0],
    [0.0499, 0],
    [0.05, 1],
    [0.099, 1],
    [0.1, 2],
    [0.2, 3],
    [0.3, 4],
    [0.449, 4],
    [0.45, 5],
    [0.6, 6],
    [1, 6],
    [null, null],
    [Number.NaN, null],
  ])('%s is level %s', (rate, level) => {
    expect(heatLevel(rate)).toBe(level);
  });
});

describe('heatLegend', () => {
  it('names every colour level, from the lowest to the highest', () => {
    expect(heatLegend().map(({ label }) => label)).toEqual([
      'Under 5%',
      '5–10%',
      '10–20%',
      '20–30%',
      '30–45%',
      '45–60%',
      '60% or more',
    ]);
  });
});

describe('retentionMatrix', () => {
  const values = [1, 0.423, 0.05, ...Array.from({ length: 28 }, () => null)];

  it('gives each cohort 31 cells with text, colour level and hover text', () => {
    const [row] = retentionMatrix({ mode: 'classic', cohorts: [{ cohort: '2026-03-04', size: 1234, values }] }, 'day');
    expect(row).toMatchObject({ cohort: '2026-03-04', label: 'Mar 4, 2026', size: 1234, sizeText: '1,234 users' });
    expect(row!.cells).toHaveLength(31);
    expect(row!.cells.slice(0, 4)).toEqual([
      {
        day: 0,
        rate: 1,
        level: 6,
        text: '100%',
        title: 'Mar 4, 2026 cohort (1,234 users), day 0: 100% active on day 0',
      },
      {
        day: 1,
        rate: 0.423,
        level: 4,
        text: '42.3%',
        title: 'Mar 4, 2026 cohort (1,234 users), day 1: 42.3% active on day 1',
      },
      {
        day: 2,
        rate: 0.05,
        level: 1,
        text: '5%',
        title: 'Mar 4, 2026 cohort (1,234 users), day 2: 5% active on day 2',
      },
      { day: 3, rate: null, level: null, text: '', title: 'Mar 4, 2026 cohort (1,234 users), day 3: not reached yet' },
    ]);
  });

  it('labels cohorts by their bucket, says rolling retention counts later days, and pads a short answer', () => {
    const rows = retentionMatrix(
      {
        mode: 'rolling',
        cohorts: [
          { cohort: '2026-03-02', size: 1, values: [1, 0.5] },
          { cohort: '2026-04-01', size: 0, values: [] },
        ],
      },
      'week',
    );
    expect(rows[0]).toMatchObject({ label: 'Week of Mar 2, 2026', sizeText: '1 user' });
    expect(rows[0]!.cells[1]!.title).toBe('Week of Mar 2, 2026 cohort (1 user), day 1: 50% active on or after day 1');
    expect(rows[0]!.cells[30]).toMatchObject({ day: 30, rate: null, text: '' });
    expect(
      retentionMatrix({ mode: 'classic', cohorts: [{ cohort: '2026-04-01', size: 0, values: [] }] }, 'month')[0]!.label,
    ).toBe('Apr 2026');
  });
});

describe('the retention curve in words', () => {
  it('sums up days 1, 7, 14 and 30', () => {
    const curve = [
      { day: 0, rate: 1, cohortUsers: 10 },
      { day: 1, rate: 0.4, cohortUsers: 10 },
      { day: 7, rate: 0.15, cohortUsers: 8 },
      { day: 14, rate: null, cohortUsers: 0 },
    ];
    expect(curveSummary(curve, 'classic')).toBe('Classic retention of all cohorts together: day 1 40%, day 7 15%.');
    expect(curveSummary([{ day: 0, rate: 1, cohortUsers: 3 }], 'rolling')).toBe(
      'Rolling retention: no cohort has reached day 1 yet.',
    );
  });
});

describe('the retention mode in the address', () => {
  it.each([
    ['', 'classic'],
    ['mode=rolling', 'rolling'],
    ['mode=classic', 'classic'],
    ['mode=weekly', 'classic'],
  ])('?%s is %s', (search, mode) => {
    expect(readRetentionMode(new URLSearchParams(search))).toBe(mode);
  });

  it('writes rolling, leaves classic out and keeps the view', () => {
    const rolling = writeRetentionMode(new URLSearchParams('range=last-7&platform=ios'), 'rolling');
    expect(rolling.toString()).toBe('range=last-7&platform=ios&mode=rolling');
    expect(writeRetentionMode(rolling, 'classic').toString()).toBe('range=last-7&platform=ios');
  });
});
