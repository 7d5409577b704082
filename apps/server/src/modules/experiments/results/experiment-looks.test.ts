import { describe, expect, it } from 'vitest';
import { EMPTY_CUPED_SUMS } from '@questboard/shared/experiments-cuped';
import type { ExperimentMetric } from '@questboard/shared/experiments-api';
import { lookDays, lookSums, resultsWindow } from './experiment-looks';
import { experimentMetricName } from './experiment-results';

// The looks' calendar (ADR 030): which days are looked at, and which players each look counts.

describe('resultsWindow and lookDays', () => {
  const cases: [string, { startedAt: string | null; stoppedAt: string | null }, string, { lastLookDay: string; days: number } | null][] = [
    ['not started', { startedAt: null, stoppedAt: null }, '2026-03-10T12:00:00Z', null],
    ['running: the last look is yesterday', { startedAt: '2026-03-02T15:00:00Z', stoppedAt: null }, '2026-03-10T12:00:00Z', { lastLookDay: '2026-03-09', days: 8 }],
    ['now at midnight: yesterday is over', { startedAt: '2026-03-02T15:00:00Z', stoppedAt: null }, '2026-03-10T00:00:00Z', { lastLookDay: '2026-03-09', days: 8 }],
    ['started today: no look yet', { startedAt: '2026-03-10T01:00:00Z', stoppedAt: null }, '2026-03-10T12:00:00Z', { lastLookDay: '2026-03-09', days: 0 }],
    ['stopped: looks end with the stop', { startedAt: '2026-03-02T15:00:00Z', stoppedAt: '2026-03-05T09:00:00Z' }, '2026-03-10T12:00:00Z', { lastLookDay: '2026-03-04', days: 3 }],
    ['stopped after now (a clock skew): now ends it', { startedAt: '2026-03-02T15:00:00Z', stoppedAt: '2026-03-12T09:00:00Z' }, '2026-03-10T12:00:00Z', { lastLookDay: '2026-03-09', days: 8 }],
  ];
  it.each(cases)('%s', (_name, experiment, now, expected) => {
    const window = resultsWindow(experiment, new Date(now));
    if (expected === null) {
      expect(window).toBeNull();
      return;
    }
    expect(window?.lastLookDay).toBe(expected.lastLookDay);
    const days = window === null ? [] : lookDays(window);
    expect(days).toHaveLength(expected.days);
    if (days.length > 0) expect(days[0]).toBe(experiment.startedAt?.slice(0, 10));
  });
});

describe('lookSums', () => {
  const sums = (players: number, sumY: number) => ({ ...EMPTY_CUPED_SUMS, players, sumY, sumY2: sumY });
  it('counts the players exposed up to the look day − N, and the cap correction of the last of those days', () => {
    const metric = {
      byDay: [
        { variant: 'control', day: '2026-03-02', ...sums(10, 4) },
        { variant: 'easy', day: '2026-03-02', ...sums(12, 5) },
        { variant: 'easy', day: '2026-03-04', ...sums(3, 1) },
      ],
      capped: [
        { variant: 'easy', day: '2026-03-02', ...EMPTY_CUPED_SUMS, sumY: -2 },
        { variant: 'easy', day: '2026-03-04', ...EMPTY_CUPED_SUMS, sumY: -0.5 },
      ],
    };
    const looks = lookSums(metric, 1, ['control', 'easy'], ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
    expect(looks.map((look) => look.map((variant) => variant.players))).toEqual([
      [0, 0],
      [10, 12],
      [10, 12],
      [10, 15],
      [10, 15],
    ]);
    expect(looks.map((look) => look[1]?.sumY)).toEqual([0, 3, 3, 5.5, 5.5]);
  });
});

describe('experimentMetricName', () => {
  const cases: [ExperimentMetric, string][] = [
    [{ kind: 'retention', days: 7 }, 'D7 retention'],
    [{ kind: 'payer-conversion', days: 1 }, 'payer conversion within 1 day'],
    [{ kind: 'revenue', days: 0 }, 'revenue per player on day 0'],
    [{ kind: 'sessions', days: 7 }, 'sessions per player within 7 days'],
    [{ kind: 'event-conversion', days: 3, event: 'level_complete', property: { name: 'level', value: 10 } }, 'conversion to level_complete with level = 10 within 3 days'],
    [{ kind: 'event-conversion', days: 3, event: 'tutorial_complete', property: null }, 'conversion to tutorial_complete within 3 days'],
    [{ kind: 'property-mean', days: 3, event: 'level_complete', property: 'duration_s' }, 'mean duration_s of level_complete within 3 days'],
  ];
  it.each(cases)('%j is "%s"', (metric, name) => {
    expect(experimentMetricName(metric)).toBe(name);
  });
});
