// The interval chart's axis (issue 16): symmetric around 0, so "better" and "worse" take the same
// room, wide enough for every interval, with round ticks.
import type { Interval } from './result-format';

export interface IntervalScale {
  /** The axis runs from -max to +max. */
  max: number;
  ticks: number[];
  /** Where a value sits across the chart, 0 to 100 (percent of its width), clamped. */
  position: (value: number) => number;
}

const steps = [1, 2, 2.5, 5, 10];

/** A round step that splits `max` into at most `count` parts. */
function niceStep(max: number, count: number): number {
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  return (steps.find((step) => step * power >= raw) ?? 10) * power;
}

export function intervalScale(intervals: readonly (Interval | null)[], ticksEachSide = 2): IntervalScale {
  const reach = Math.max(0, ...intervals.flatMap((interval) => (interval ? [Math.abs(interval.lower), Math.abs(interval.upper)] : [])).filter(Number.isFinite));
  const step = reach > 0 ? niceStep(reach, ticksEachSide) : 1;
  const max = Math.max(step, Math.ceil(reach / step - 1e-9) * step);
  const ticks: number[] = [];
  for (let tick = -max; tick <= max + step / 2; tick += step) ticks.push(Math.abs(tick) < step / 1e6 ? 0 : Number(tick.toPrecision(12)));
  return { max, ticks, position: (value) => Math.min(100, Math.max(0, ((value + max) / (2 * max)) * 100)) };
}
