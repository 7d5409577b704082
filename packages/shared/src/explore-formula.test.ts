import { describe, expect, it } from 'vitest';
import { evaluateFormula, parseFormula, type SeriesLetter } from './explore-formula';

const ab: SeriesLetter[] = ['A', 'B'];

/** The formula's value with A and B, or its message when it does not parse. */
function value(formula: string, values: Partial<Record<SeriesLetter, number | null>>, letters: SeriesLetter[] = ab): number | null | string {
  const parsed = parseFormula(formula, letters);
  return parsed.ok ? evaluateFormula(parsed.node, values) : parsed.message;
}

describe('formula series (ADR 026)', () => {
  it.each<[string, Partial<Record<SeriesLetter, number | null>>, number | null]>([
    ['B / A', { A: 200, B: 50 }, 0.25],
    ['B / A * 100', { A: 200, B: 50 }, 25],
    ['(A - B) / A * 100', { A: 200, B: 50 }, 75],
    ['A - B - 10', { A: 100, B: 30 }, 60], // left to right
    ['A - (B - 10)', { A: 100, B: 30 }, 80],
    ['2 + A * 3', { A: 4 }, 14], // * before +
    ['-A + 1.5', { A: 2 }, -0.5],
    ['--A', { A: 2 }, 2],
    ['a / b', { A: 9, B: 3 }, 3], // letters in either case
    ['.5 * A', { A: 8 }, 4],
    // Division by zero, a missing operand: a gap, never Infinity or NaN.
    ['B / A', { A: 0, B: 5 }, null],
    ['A / (B - B)', { A: 1, B: 3 }, null],
    ['0 / A', { A: 0 }, null],
    ['B / A', { A: 4, B: null }, null],
    ['A * B', { A: 1e200, B: 1e200 }, null],
  ])('%s with %j is %s', (formula, values, expected) => {
    expect(value(formula, values)).toBe(expected);
  });

  it.each([
    ['', 'Formula: write an expression such as B / A'],
    ['A / C', 'Formula: there is no series C (the chart has A, B)'],
    ['A +', 'Formula: expected a series letter, a number or “(” at the end'],
    ['(A + B', 'Formula: expected “)” before the end'],
    ['A B', 'Formula: unexpected “B” at character 3'],
    ['A ^ 2', 'Formula: “^” at character 3 is not allowed (use series letters, numbers, + - * / and parentheses)'],
    ['process.exit()', 'Formula: “.” at character 8 does not start a number'],
    ['1 + 2', 'Formula: use at least one series letter, such as B / A'],
    ['A'.repeat(201), 'Formula: at most 200 characters'],
    ['AB', 'Formula: unexpected “B” at character 2'],
  ])('refuses %j: %s', (formula, message) => {
    expect(value(formula, {})).toBe(message);
  });

  it('lists the letters it uses, in order', () => {
    const parsed = parseFormula('C / A + A', ['A', 'B', 'C']);
    expect(parsed.ok && parsed.letters).toEqual(['A', 'C']);
  });

  it('agrees with plain arithmetic on seeded random formulas', () => {
    let seed = 17;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let n = 0; n < 500; n += 1) {
      const a = Math.round(random() * 200 - 100);
      const b = Math.round(random() * 200 - 100);
      const c = Math.round(random() * 10) + 1;
      const expected = (a - b) / c + a * b;
      expect(value('(A - B) / C + A * B', { A: a, B: b, C: c }, ['A', 'B', 'C'])).toBeCloseTo(expected, 9);
    }
  });
});
