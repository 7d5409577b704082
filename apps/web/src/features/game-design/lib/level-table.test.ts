import { describe, expect, it } from 'vitest';
import type { LevelRow } from '@questboard/shared/analytics-levels';

import { nextLevelSort, sortLevelRows } from './level-table';

const row = (level: string, players: number, failRate: number | null): LevelRow => ({
  level,
  starts: players,
  completes: 0,
  fails: 0,
  failRate,
  attemptsPerCompletion: null,
  medianDurationS: null,
  players,
  churned: 0,
});

describe('the level table sort', () => {
  const rows = [row('10', 5, 0.5), row('2', 9, null), row('1', 12, 0.1), row('3', 9, 0.3)];

  it.each<[string, Parameters<typeof sortLevelRows>[1], string[]]>([
    ['levels numerically', { column: 'level', direction: 'ascending' }, ['1', '2', '3', '10']],
    ['levels numerically, the other way', { column: 'level', direction: 'descending' }, ['10', '3', '2', '1']],
    ['players, most first, ties in level order', { column: 'players', direction: 'descending' }, ['1', '2', '3', '10']],
    ['players, fewest first', { column: 'players', direction: 'ascending' }, ['10', '2', '3', '1']],
    ['fail rate, unknown last either way', { column: 'failRate', direction: 'descending' }, ['10', '3', '1', '2']],
    ['fail rate ascending, unknown last', { column: 'failRate', direction: 'ascending' }, ['1', '3', '10', '2']],
  ])('sorts %s', (_name, sort, levels) => {
    expect(sortLevelRows(rows, sort).map((r) => r.level)).toEqual(levels);
  });

  it('sorts levels as text when one is not a number', () => {
    const mixed = [row('10', 1, null), row('boss', 1, null), row('2', 1, null)];
    expect(sortLevelRows(mixed, { column: 'level', direction: 'ascending' }).map((r) => r.level)).toEqual(['10', '2', 'boss']);
  });

  it('turns the direction on the same column, and starts a figure with the largest', () => {
    expect(nextLevelSort({ column: 'level', direction: 'ascending' }, 'level')).toEqual({ column: 'level', direction: 'descending' });
    expect(nextLevelSort({ column: 'level', direction: 'ascending' }, 'churned')).toEqual({ column: 'churned', direction: 'descending' });
    expect(nextLevelSort({ column: 'churned', direction: 'descending' }, 'level')).toEqual({ column: 'level', direction: 'ascending' });
  });
});
