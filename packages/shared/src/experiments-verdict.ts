// docs/product/experiments.md#the-verdict: one sentence from a variant's decision, for the results page.
import type { ExperimentStatistic } from './experiments-metrics';
import type { SequentialDecision } from './experiments-sequential';

export interface VerdictInput {
  /** The variant's name as the page shows it ("B"). */
  variant: string;
  /** The metric as the page names it ("D7 retention"). */
  metric: string;
  statistic: ExperimentStatistic;
  /** The unit of a mean metric ("USD", "sessions"); proportions are in percentage points. */
  unit?: string;
  /** False for a metric where less is better (the mean time to finish a level). */
  higherIsBetter: boolean;
  decision: SequentialDecision;
  /** The sample ratio check flagged a mismatch. */
  sampleRatioMismatch: boolean;
  /** The absolute minimum detectable effect planned (0.02 = 2 points), if one was. */
  minimumDetectableEffect: number | null;
}

export type VerdictKind = 'mismatch' | 'too-early' | 'better' | 'worse' | 'no-difference-worth-shipping' | 'no-difference' | 'no-difference-yet';

export interface Verdict {
  kind: VerdictKind;
  text: string;
}

const MINUS = '\u2212';

/** Enough decimals for the interval's width to show two significant digits, at most four. */
function decimalsFor(width: number): number {
  if (!(width > 0) || !Number.isFinite(width)) return 2;
  return Math.min(4, Math.max(0, 1 - Math.floor(Math.log10(width))));
}

function format(value: number, decimals: number): string {
  const text = Math.abs(value).toFixed(decimals);
  return value < 0 && Number(text) !== 0 ? `${MINUS}${text}` : text;
}

/**
 * The sentence for a variant against control, in this order: a sample ratio mismatch overrides
 * everything; no interval yet is "not enough players"; an interval above or below 0 says by how
 * much the variant raises or lowers the metric and whether to ship it; an interval inside ± the
 * minimum detectable effect at the planned size says no difference worth shipping; otherwise "no
 * detectable difference", "yet" while the planned sample size is not reached.
 */
export function experimentVerdict(input: VerdictInput): Verdict {
  const { variant, metric, decision } = input;
  if (input.sampleRatioMismatch) {
    return {
      kind: 'mismatch',
      text: 'Players did not split between the variants as the weights say (sample ratio mismatch); do not trust these results until the cause is fixed.',
    };
  }
  const interval = decision.absolute;
  if (interval === null) return { kind: 'too-early', text: `Not enough players in ${variant} and control to compare ${metric} yet.` };
  const scale = input.statistic === 'proportion' ? 100 : 1;
  const unit = input.statistic === 'proportion' ? 'points' : (input.unit ?? '');
  const lower = interval.lower * scale;
  const upper = interval.upper * scale;
  const decimals = decimalsFor(upper - lower);
  const amount = (from: number, to: number) => `${format(from, decimals)} to ${format(to, decimals)}${unit === '' ? '' : ` ${unit}`}`;
  if (decision.significant && (lower > 0 || upper < 0)) {
    const raises = lower > 0;
    const good = raises === input.higherIsBetter;
    const magnitude = raises ? amount(lower, upper) : amount(-upper, -lower);
    return {
      kind: good ? 'better' : 'worse',
      text: `${variant} ${raises ? 'raises' : 'lowers'} ${metric} by ${magnitude}; ${good ? 'safe to ship' : 'do not ship'}.`,
    };
  }
  const range = amount(lower, upper);
  const mde = input.minimumDetectableEffect === null ? null : Math.abs(input.minimumDetectableEffect) * scale;
  if (decision.plannedSizeReached && mde !== null && lower > -mde && upper < mde) {
    return {
      kind: 'no-difference-worth-shipping',
      text: `${variant} changes ${metric} by ${range}, less than the ${format(mde, decimals)}${unit === '' ? '' : ` ${unit}`} worth detecting; no difference worth shipping.`,
    };
  }
  if (decision.plannedSizeReached) return { kind: 'no-difference', text: `No detectable difference at the planned sample size: ${variant} changes ${metric} by ${range}.` };
  return { kind: 'no-difference-yet', text: `No detectable difference yet: ${variant} changes ${metric} by ${range} so far.` };
}
