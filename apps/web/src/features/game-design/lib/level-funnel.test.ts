import { describe, expect, it } from 'vitest';
import type { LevelRow } from '@questboard/shared/analytics-levels';

import { levelFunnelMax, levelFunnelSearch, levelFunnelSteps } from './level-funnel';

const rows = (...levels: string[]): LevelRow[] =>
  levels.map((level) => ({ level, starts: 1, completes: 1, fails: 0, failRate: 0, attemptsPerCompletion: 1, medianDurationS: null, players: 1, churned: 0 }));

describe('the level funnel link', () => {
  it('fills one level_complete step per level, level equal to 1 to N', () => {
    expect(levelFunnelSteps(3)).toEqual([
      { event: 'level_complete', filters: [{ property: 'level', operator: 'eq', value: '1' }] },
      { event: 'level_complete', filters: [{ property: 'level', operator: 'eq', value: '2' }] },
      { event: 'level_complete', filters: [{ property: 'level', operator: 'eq', value: '3' }] },
    ]);
    expect(levelFunnelSteps(40)).toHaveLength(10);
    expect(levelFunnelSteps(1)).toHaveLength(2);
  });

  it('carries the range and filters, and the steps as JSON', () => {
    const search = new URLSearchParams(levelFunnelSearch(2, { from: '2026-03-01', to: '2026-03-30', platform: 'ios', country: '' }));
    expect(search.get('from')).toBe('2026-03-01');
    expect(search.get('to')).toBe('2026-03-30');
    expect(search.get('platform')).toBe('ios');
    expect(search.has('country')).toBe(false);
    expect(JSON.parse(search.get('steps')!)).toEqual(levelFunnelSteps(2));
  });

  it('offers levels up to the highest seen, 10 at most, and none when levels are not numbers from 1', () => {
    expect(levelFunnelMax(rows('1', '2', '3', '4'))).toBe(4);
    expect(levelFunnelMax(rows('1', '2', '60'))).toBe(10);
    expect(levelFunnelMax(rows('1', 'boss'))).toBeNull();
    expect(levelFunnelMax(rows('5', '6'))).toBeNull();
  });
});
