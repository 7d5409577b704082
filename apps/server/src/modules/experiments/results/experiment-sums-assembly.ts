import { EMPTY_CUPED_SUMS, type CupedSums } from '@questboard/shared/experiments-cuped';
import { num, type Row } from '../../analytics/duckdb-sql';
import type { CapCorrection, ExperimentSums, ExperimentSumsQuery, ExposureDaySums } from './experiment-sums';

// An experiment's sums (ADR 030) from the rows a store answers with, the same columns in every store
// (duckdb-experiment-sums.ts, clickhouse-experiment-sums.ts): per metric i, by variant and exposure
// day, n{i} players, sy{i}, syy{i}, sh{i}, shy{i}, sx{i}, sxx{i}, sxy{i}; a cap correction's sy, syy,
// shy, sx, sxx and sxy.

/** What a store answers: the exposures per variant, the sums per variant and exposure day, per metric the caps' corrections. */
export interface ExperimentSumsRows {
  exposures: Row[];
  days: Row[];
  caps: Row[][];
}

const readSums = (row: Row, i: number): CupedSums => ({
  players: num(row[`n${i}`]),
  sumY: num(row[`sy${i}`]),
  sumY2: num(row[`syy${i}`]),
  withHistory: num(row[`sh${i}`]),
  sumYWithHistory: num(row[`shy${i}`]),
  sumX: num(row[`sx${i}`]),
  sumX2: num(row[`sxx${i}`]),
  sumXY: num(row[`sxy${i}`]),
});

export function assembleExperimentSums(rows: ExperimentSumsRows, query: ExperimentSumsQuery): ExperimentSums {
  return {
    exposures: rows.exposures.map((item) => ({
      variant: typeof item.variant === 'string' ? item.variant : null,
      players: num(item.players),
      mixed: num(item.mixed),
    })),
    metrics: query.metrics.map((_, i) => ({
      byDay: rows.days
        .map((item): ExposureDaySums => ({ variant: String(item.variant), day: String(item.day), ...readSums(item, i) }))
        .filter((sums) => sums.players > 0),
      capped: (rows.caps[i] ?? []).map(
        (item): CapCorrection => ({
          ...EMPTY_CUPED_SUMS,
          variant: String(item.variant),
          day: String(item.day),
          sumY: num(item.sy),
          sumY2: num(item.syy),
          sumYWithHistory: num(item.shy),
          sumX: num(item.sx),
          sumX2: num(item.sxx),
          sumXY: num(item.sxy),
        }),
      ),
    })),
  };
}
