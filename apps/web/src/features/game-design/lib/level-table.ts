import { levelOrder, type LevelRow } from '@questboard/shared/analytics-levels';
import { metricDefinition } from '@questboard/shared/metric-definitions';

// The level table's columns and its sort (docs/product/metrics.md#level-progression): by level in
// level order (numerically when every level is a number), or by any figure, either way; unknown
// figures (—) always last; ties in level order.

export type LevelColumn = Exclude<keyof LevelRow, never>;
export type SortDirection = 'ascending' | 'descending';
export interface LevelSort {
  column: LevelColumn;
  direction: SortDirection;
}

export const levelColumns: readonly { key: LevelColumn; label: string; help: string }[] = [
  { key: 'level', label: 'Level', help: metricDefinition('level').definition },
  { key: 'players', label: 'Reached', help: metricDefinition('level-reached').definition },
  { key: 'starts', label: 'Starts', help: 'level_start events.' },
  { key: 'completes', label: 'Completes', help: 'level_complete events.' },
  { key: 'fails', label: 'Fails', help: 'level_fail events.' },
  { key: 'failRate', label: 'Fail rate', help: metricDefinition('level-fail-rate').definition },
  { key: 'attemptsPerCompletion', label: 'Attempts per completion', help: metricDefinition('attempts-per-completion').definition },
  { key: 'medianDurationS', label: 'Median time to complete', help: metricDefinition('level-median-duration').definition },
  { key: 'churned', label: 'Churned here', help: metricDefinition('churned-at-level').definition },
];

export const defaultLevelSort: LevelSort = { column: 'level', direction: 'ascending' };

/** The rows in the order asked (a new array). */
export function sortLevelRows(rows: readonly LevelRow[], sort: LevelSort): LevelRow[] {
  const { compare } = levelOrder(rows.map((row) => row.level));
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.column === 'level') return sign * compare(a.level, b.level);
    const x = a[sort.column];
    const y = b[sort.column];
    if (x === null || y === null) return x === y ? compare(a.level, b.level) : x === null ? 1 : -1;
    return sign * (x - y) || compare(a.level, b.level);
  });
}

/** The sort after choosing `column`: the other direction when it is already the sort column, else its natural first one. */
export function nextLevelSort(current: LevelSort, column: LevelColumn): LevelSort {
  if (current.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: column === 'level' ? 'ascending' : 'descending' };
}
