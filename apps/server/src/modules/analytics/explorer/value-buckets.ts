// How a numeric property breaks a chart down (ADR 026 "Buckets"): at most EXACT_VALUES distinct
// numbers are each their own value; more are cut into about TARGET_BUCKETS buckets of a round
// width (1, 2, 2.5 or 5 times a power of ten; whole numbers get whole widths), each holding the
// values v with lower <= v < lower + width, labelled by its edges ('10–19' for whole numbers,
// '0.5–1' otherwise: from 0.5 up to but not including 1).

export const EXACT_VALUES = 10;
const TARGET_BUCKETS = 10;

export type NumberBreakdown = { kind: 'exact' } | { kind: 'buckets'; width: number; integers: boolean };

/** The breakdown of numbers between min and max with `distinct` different values (integers: all whole). */
export function numberBreakdown(stats: { min: number; max: number; distinct: number; integers: boolean }): NumberBreakdown {
  if (stats.distinct <= EXACT_VALUES) return { kind: 'exact' };
  return { kind: 'buckets', width: bucketWidth(stats.max - stats.min, stats.integers), integers: stats.integers };
}

/** The round width that cuts `span` into at most TARGET_BUCKETS + 1 buckets. */
export function bucketWidth(span: number, integers: boolean): number {
  const raw = span / TARGET_BUCKETS;
  if (!(raw > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const steps = integers && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = steps.find((candidate) => candidate * power >= raw) ?? 10;
  return roundNumber(Math.max(integers ? 1 : 0, step * power));
}

/** A number without floating-point noise (0.30000000000000004 is 0.3). */
export function roundNumber(value: number): number {
  return Number(value.toPrecision(12));
}

export function numberText(value: number): string {
  return String(roundNumber(value));
}

/** The lower edge of bucket number `index` (floor(value / width)). */
export const bucketLower = (index: number, width: number) => roundNumber(index * width);

/** A bucket's label from its edges: '10–19' for whole numbers of width 10, '7' for width 1, '0.5–1' otherwise. */
export function bucketText(lower: number, width: number, integers: boolean): string {
  if (integers) return width === 1 ? numberText(lower) : `${numberText(lower)}–${numberText(lower + width - 1)}`;
  return `${numberText(lower)}–${numberText(lower + width)}`;
}
