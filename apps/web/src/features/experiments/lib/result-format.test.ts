import { describe, expect, it } from 'vitest';

import { decimalsFor, formatDifference, formatEstimate, formatInterval, formatPValue, formatRelative, formatRelativeInterval, pValueText } from './result-format';

describe('the results figures', () => {
  it.each([
    [0.5, 2],
    [2.2, 1],
    [0.031, 3],
    [25, 0],
    [0.00001, 4],
    [0, 2],
  ])('shows an interval %f wide to two digits: %i decimals', (width, decimals) => {
    expect(decimalsFor(width)).toBe(decimals);
  });

  it.each([
    ['a share', formatEstimate('proportion', 0.4123), '41.2%'],
    ['a mean', formatEstimate('mean', 3.268), '3.27'],
    ['no estimate', formatEstimate('mean', null), '—'],
    ['a share’s difference in points', formatDifference('proportion', 0.023, { lower: 0.012, upper: 0.034 }), '+2.3 pts'],
    ['a drop', formatDifference('mean', -0.35, { lower: -0.6, upper: -0.1 }), '−0.35'],
    ['a share’s interval', formatInterval('proportion', { lower: -0.004, upper: 0.021 }), '−0.4 to 2.1 pts'],
    ['a mean’s interval', formatInterval('mean', { lower: -0.12, upper: 0.4 }), '−0.12 to 0.40'],
    ['a relative difference', formatRelative(0.031, { lower: -0.01, upper: 0.072 }), '+3.1%'],
    ['its interval', formatRelativeInterval({ lower: -0.01, upper: 0.072 }), '−1.0% to 7.2%'],
    ['a tiny p-value', formatPValue(0.00002), '< 0.001'],
    ['a small p-value', formatPValue(0.0042), '0.004'],
    ['a p-value', formatPValue(0.31), '0.31'],
    ['no p-value', formatPValue(null), '—'],
    ['a tiny p-value in words', pValueText(1.5e-8), 'p < 0.001'],
    ['a p-value in words', pValueText(0.4), 'p = 0.40'],
  ])('%s: %s', (_name, text, expected) => {
    expect(text).toBe(expected);
  });
});
