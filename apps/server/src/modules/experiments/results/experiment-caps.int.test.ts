import { DuckDBInstance } from '@duckdb/node-api';
import { winsorisationCap } from '@questboard/shared/experiments-winsorise';
import { describe, expect, inject, it } from 'vitest';
import { ClickHouseHttp } from '../../events/clickhouse/clickhouse-http';
import { nearestRankSql } from './clickhouse-experiment-sums';
import { PERCENTILE } from './duckdb-experiment-sums';

// The revenue cap of the experiment results (docs/product/experiments.md#heavy-tails) as each
// store's SQL takes it, against the definition's pure function: the value at the 99.9th percentile
// by nearest rank. Sizes at multiples of 1,000 are where 99.9 / 100 in floating point took the next
// rank, so nothing was capped.

const sizes = [1, 2, 999, 1000, 1001, 1999, 2000, 3000, 4000, 5000, 7000, 10000];
const clickhouseUrl = inject('clickhouseUrl');

describe("the revenue cap's rank", () => {
  it.each(sizes)('in DuckDB, as the results read it (a window over the players), with %i players', async (players) => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    try {
      const [[cap]] = (
        await connection.runAndReadAll(
          `SELECT DISTINCT quantile_disc(v, ${PERCENTILE}) OVER (ORDER BY 1 ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
           FROM (SELECT (i * 7919 % ${players} + 1)::DOUBLE AS v FROM range(${players}) t(i))`,
        )
      ).getRowsJS() as [[number]];
      expect(cap).toBe(winsorisationCap(Array.from({ length: players }, (_, i) => ((i * 7919) % players) + 1)));
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });

  it.skipIf(!clickhouseUrl).each(sizes)('in ClickHouse, with %i players', async (players) => {
    const [row] = await new ClickHouseHttp({ url: clickhouseUrl! }).rows(
      `SELECT ${nearestRankSql('arraySort(groupArray(toFloat64(number + 1)))')} AS cap FROM numbers(${players})`,
    );
    expect(Number(row?.cap)).toBe(winsorisationCap(Array.from({ length: players }, (_, i) => i + 1)));
  });
});
