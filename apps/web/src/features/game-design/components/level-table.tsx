import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { LevelRow } from '@questboard/shared/analytics-levels';

import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import {
  defaultLevelSort,
  levelColumns,
  nextLevelSort,
  sortLevelRows,
  type LevelColumn,
  type LevelSort,
} from '../lib/level-table';
import { formatCount, formatDecimal, formatPercent, formatSeconds } from '../lib/format';

const formats: Record<Exclude<LevelColumn, 'level'>, (value: number | null) => string> = {
  players: formatCount,
  starts: formatCount,
  completes: formatCount,
  fails: formatCount,
  failRate: formatPercent,
  attemptsPerCompletion: formatDecimal,
  medianDurationS: formatSeconds,
  churned: formatCount,
};

/**
 * Every level's figures. Each column heading is a button that sorts by it (again: the other way);
 * the sorted column says so to screen readers (aria-sort).
 */
export function LevelTable({ rows }: { rows: LevelRow[] }) {
  const [sort, setSort] = useState<LevelSort>(defaultLevelSort);
  const sorted = useMemo(() => sortLevelRows(rows, sort), [rows, sort]);
  return (
    <ScrollTable label="Levels table" className="max-h-[32rem] overflow-y-auto">
      <table className={tableClasses.table}>
        <caption className="sr-only">
          Levels, sorted by {levelColumns.find((column) => column.key === sort.column)?.label.toLowerCase()} (
          {sort.direction})
        </caption>
        <thead className={`${tableClasses.head} sticky top-0 bg-card`}>
          <tr>
            {levelColumns.map((column) => {
              const active = sort.column === column.key;
              const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? sort.direction : 'none'}
                  className={column.key === 'level' ? tableClasses.th : tableClasses.thNumber}
                >
                  <button
                    type="button"
                    title={column.help}
                    onClick={() => setSort((current) => nextLevelSort(current, column.key))}
                    className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    {column.label}
                    <Icon aria-hidden="true" className={active ? 'size-3.5 text-foreground' : 'size-3.5 opacity-50'} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={tableClasses.body}>
          {sorted.map((row) => (
            <tr key={row.level}>
              <th scope="row" className={`${tableClasses.td} max-w-40 truncate font-medium`}>
                {row.level}
              </th>
              {levelColumns
                .filter(
                  (column): column is (typeof levelColumns)[number] & { key: Exclude<LevelColumn, 'level'> } =>
                    column.key !== 'level',
                )
                .map((column) => (
                  <td key={column.key} className={tableClasses.tdNumber}>
                    {formats[column.key](row[column.key])}
                  </td>
                ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
