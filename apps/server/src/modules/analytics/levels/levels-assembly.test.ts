import { describe, expect, it } from 'vitest';
import { LEVELS_MAX, levelsQuerySchema } from '@questboard/shared/analytics-levels';
import { assembleLevels, type LevelFigures } from './levels-assembly';

// The level table's arithmetic (ADR 028) on worked examples: what every store's counts become.

const query = levelsQuerySchema.parse({ from: '2026-03-01', to: '2026-03-14' });
const figures = (level: string | null, starts: number, completes: number, fails: number): LevelFigures => ({
  level,
  starts,
  completes,
  fails,
  medianDurationS: completes > 0 ? 60 : null,
  players: starts,
  churned: 0,
});

describe('assembleLevels', () => {
  it('orders numbers numerically, works out fail rate and attempts, and counts the events without a level apart', () => {
    const answer = assembleLevels([figures('10', 2, 0, 0), figures('2', 4, 2, 2), figures(null, 3, 1, 1), figures('1', 3, 3, 0)], query);
    expect(answer.levels.map((row) => [row.level, row.failRate, row.attemptsPerCompletion])).toEqual([
      ['1', 0, 1],
      ['2', 0.5, 2],
      ['10', null, null],
    ]);
    expect(answer).toMatchObject({ numeric: true, truncated: false, quietFrom: '2026-03-08', withoutLevel: 5 });
  });

  it('orders as text when one level is not a number, and cuts the table at the limit', () => {
    expect(assembleLevels([figures('2', 1, 0, 0), figures('boss', 1, 0, 0), figures('10', 1, 0, 0)], query).levels.map((row) => row.level)).toEqual(['10', '2', 'boss']);
    const many = assembleLevels(Array.from({ length: LEVELS_MAX + 1 }, (_, index) => figures(String(index + 1), 1, 1, 0)), query);
    expect(many.levels).toHaveLength(LEVELS_MAX);
    expect(many.levels.at(-1)?.level).toBe(String(LEVELS_MAX));
    expect(many.truncated).toBe(true);
  });
});
