import { churnQuietFrom, LEVELS_MAX, levelOrder, type LevelRow, type Levels, type LevelsQuery } from '@questboard/shared/analytics-levels';

// The level table (docs/product/metrics.md#level-progression) from a store's figures per level:
// each store counts them in its own SQL (duckdb-levels.ts, clickhouse-levels.ts) and this orders
// the levels and works out the ratios, so the page's arithmetic is written once.

/** What a store counts for one level of the range (level null: the progression events without one). */
export interface LevelFigures {
  level: string | null;
  starts: number;
  completes: number;
  fails: number;
  /** The median numeric duration_s of the level's completes; null when none carries one. */
  medianDurationS: number | null;
  /** Players who reached the level. */
  players: number;
  /** Players whose last level seen is this one and who were quiet on the quiet days. */
  churned: number;
}

const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);

export function assembleLevels(figures: readonly LevelFigures[], query: LevelsQuery): Levels {
  const withoutLevel = figures.find((row) => row.level === null);
  const byLevel = new Map(figures.flatMap((row) => (row.level === null ? [] : [[row.level, row] as const])));
  const { numeric, compare } = levelOrder([...byLevel.keys()]);
  const levels = [...byLevel.keys()].sort(compare);
  return {
    levels: levels.slice(0, LEVELS_MAX).map((level): LevelRow => {
      const row = byLevel.get(level);
      const [starts, completes, fails] = [row?.starts ?? 0, row?.completes ?? 0, row?.fails ?? 0];
      return {
        level,
        starts,
        completes,
        fails,
        failRate: ratio(fails, completes + fails),
        attemptsPerCompletion: ratio(starts, completes),
        medianDurationS: row?.medianDurationS ?? null,
        players: row?.players ?? 0,
        churned: row?.churned ?? 0,
      };
    }),
    numeric,
    truncated: levels.length > LEVELS_MAX,
    quietFrom: churnQuietFrom(query.to),
    withoutLevel: (withoutLevel?.starts ?? 0) + (withoutLevel?.completes ?? 0) + (withoutLevel?.fails ?? 0),
  };
}
