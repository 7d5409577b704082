import { describe, expect, it } from 'vitest';
import type { SequentialDecision } from './experiments-sequential';
import { experimentVerdict, type VerdictInput } from './experiments-verdict';

const decision = (lower: number, upper: number, overrides: Partial<SequentialDecision> = {}): SequentialDecision => ({
  pValue: lower > 0 || upper < 0 ? 0.01 : 0.4,
  significant: lower > 0 || upper < 0,
  absolute: { lower, upper },
  relative: null,
  plannedSizeReached: false,
  looks: 10,
  ...overrides,
});

const base: VerdictInput = {
  variant: 'B',
  metric: 'D7 retention',
  statistic: 'proportion',
  higherIsBetter: true,
  decision: decision(0.012, 0.034),
  sampleRatioMismatch: false,
  minimumDetectableEffect: 0.01,
};

describe('experimentVerdict', () => {
  it.each<[string, Partial<VerdictInput>, string, string]>([
    ['a lift', {}, 'better', 'B raises D7 retention by 1.2 to 3.4 points; safe to ship.'],
    ['a drop', { decision: decision(-0.021, -0.008) }, 'worse', 'B lowers D7 retention by 0.8 to 2.1 points; do not ship.'],
    [
      'a drop where less is better',
      { metric: 'mean level time', statistic: 'mean', unit: 'seconds', higherIsBetter: false, decision: decision(-12.4, -3.1) },
      'better',
      'B lowers mean level time by 3.1 to 12.4 seconds; safe to ship.',
    ],
    [
      'a lift in revenue, with the decimals its width needs',
      { metric: 'revenue per player', statistic: 'mean', unit: 'USD', decision: decision(0.0412, 0.2875) },
      'better',
      'B raises revenue per player by 0.04 to 0.29 USD; safe to ship.',
    ],
    [
      'nothing yet',
      { decision: decision(-0.009, 0.021) },
      'no-difference-yet',
      'No detectable difference yet: B changes D7 retention by \u22120.9 to 2.1 points so far.',
    ],
    [
      'nothing at the planned size',
      { decision: decision(-0.009, 0.021, { plannedSizeReached: true }) },
      'no-difference',
      'No detectable difference at the planned sample size: B changes D7 retention by \u22120.9 to 2.1 points.',
    ],
    [
      'nothing worth shipping at the planned size',
      { decision: decision(-0.004, 0.006, { plannedSizeReached: true }) },
      'no-difference-worth-shipping',
      'B changes D7 retention by \u22120.4 to 0.6 points, less than the 1.0 points worth detecting; no difference worth shipping.',
    ],
    [
      'a sample ratio mismatch, whatever the interval',
      { sampleRatioMismatch: true },
      'mismatch',
      'Players did not split between the variants as the weights say (sample ratio mismatch); do not trust these results until the cause is fixed.',
    ],
    [
      'no interval yet',
      { decision: { ...decision(0, 0), absolute: null, significant: false, looks: 0 } },
      'too-early',
      'Not enough players in B and control to compare D7 retention yet.',
    ],
    [
      'a count without a unit',
      { metric: 'sessions per player', statistic: 'mean', decision: decision(0.31, 1.27) },
      'better',
      'B raises sessions per player by 0.31 to 1.27; safe to ship.',
    ],
  ])('%s', (_name, change, kind, text) => {
    expect(experimentVerdict({ ...base, ...change })).toEqual({ kind, text });
  });

  it('needs the planned size before calling an interval inside the effect worth detecting "no difference"', () => {
    expect(experimentVerdict({ ...base, decision: decision(-0.004, 0.006) }).kind).toBe('no-difference-yet');
    expect(experimentVerdict({ ...base, minimumDetectableEffect: null, decision: decision(-0.004, 0.006, { plannedSizeReached: true }) }).kind).toBe('no-difference');
  });
});
