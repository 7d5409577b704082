import { describe, expect, it } from 'vitest';

import { canMove, moveChart, orderCharts } from './dashboard-order';

const ids = ['a', 'b', 'c', 'd'];

describe('moveChart', () => {
  it.each([
    ['b', -1, ['b', 'a', 'c', 'd']],
    ['b', 1, ['a', 'c', 'b', 'd']],
    ['a', -1, ['a', 'b', 'c', 'd']],
    ['d', 1, ['a', 'b', 'c', 'd']],
    ['a', 10, ['b', 'c', 'd', 'a']],
    ['x', 1, ['a', 'b', 'c', 'd']],
  ])('moves %s by %i', (id, offset, expected) => {
    expect(moveChart(ids, id, offset)).toEqual(expected);
  });

  it('never changes the list it is given', () => {
    moveChart(ids, 'b', 1);
    expect(ids).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('orderCharts', () => {
  it('sorts charts by the saved order, unknown ones last in their own order', () => {
    const charts = ['c', 'new', 'a', 'b'].map((id) => ({ id }));
    expect(orderCharts(charts, ['a', 'b', 'c']).map(({ id }) => id)).toEqual(['a', 'b', 'c', 'new']);
  });
});

describe('canMove', () => {
  it('knows the ends', () => {
    expect(canMove(0, 3, -1)).toBe(false);
    expect(canMove(0, 3, 1)).toBe(true);
    expect(canMove(2, 3, 1)).toBe(false);
    expect(canMove(2, 3, -1)).toBe(true);
    expect(canMove(0, 1, 1)).toBe(false);
  });
});
