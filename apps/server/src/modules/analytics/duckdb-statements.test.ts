import { describe, expect, it } from 'vitest';
import { combineStatements, shiftParameters, splitCombined } from './duckdb-statements';

describe('combining statements', () => {
  it('shifts parameters but not a $ inside a quoted string or identifier', () => {
    expect(shiftParameters(`SELECT $1, $2 FROM t WHERE a = '$1' AND "b$2" = $10`, 3)).toBe(`SELECT $4, $5 FROM t WHERE a = '$1' AND "b$2" = $13`);
    expect(shiftParameters(`SELECT 'it''s $1', $1`, 1)).toBe(`SELECT 'it''s $1', $2`);
    expect(shiftParameters(`SELECT $1`, 0)).toBe(`SELECT $1`);
  });

  it('gives each statement a column of its rows in order, with the parameters after those before it', () => {
    const combined = combineStatements([
      { sql: 'SELECT $1 AS a', values: ['x'] },
      { sql: 'SELECT $1 AS b, $2 AS c ORDER BY b', values: [1, 2] },
    ]);
    expect(combined.values).toEqual(['x', 1, 2]);
    expect(combined.sql).toContain('FROM (SELECT $1 AS a) r');
    expect(combined.sql).toContain('FROM (SELECT $2 AS b, $3 AS c ORDER BY b) r');
    expect(combined.sql).toContain('list(r ORDER BY i)');
    expect(splitCombined({ s0: [{ a: 'x' }], s1: null }, 2)).toEqual([[{ a: 'x' }], []]);
  });
});
