// docs/product/experiments.md#metrics: the per-player metrics an experiment can be judged on, word for
// word, as data so the help page, the experiment page and the server's queries share one text.

/** How a metric's statistics are computed: a share of players, or a mean over players. */
export type ExperimentStatistic = 'proportion' | 'mean';

export interface ExperimentMetricKind {
  key: 'retention' | 'payer-conversion' | 'event-conversion' | 'revenue' | 'sessions' | 'property-mean';
  name: string;
  statistic: ExperimentStatistic;
  /** Whether values are winsorised before the statistics (experiments-winsorise.ts). */
  winsorised: boolean;
  definition: string;
}

/** Counting starts at each player's exposure (their first experiment_exposure event); nothing before it counts. */
export const EXPOSURE_NOTE =
  'A player counts from their first experiment_exposure event; only their events after it count. Days are UTC calendar days, day 0 the day of exposure.';

export const experimentMetricKinds: readonly ExperimentMetricKind[] = [
  {
    key: 'retention',
    name: 'Dn retention',
    statistic: 'proportion',
    winsorised: false,
    definition: 'Exposed players active exactly on day N after their exposure / exposed players whose day N has passed.',
  },
  {
    key: 'payer-conversion',
    name: 'Payer conversion within N days',
    statistic: 'proportion',
    winsorised: false,
    definition: 'Exposed players with a transaction on days 0 to N / exposed players whose day N has passed.',
  },
  {
    key: 'event-conversion',
    name: 'Event conversion within N days',
    statistic: 'proportion',
    winsorised: false,
    definition: 'Exposed players who sent the chosen event (with the chosen property value, if one is set) on days 0 to N / exposed players whose day N has passed.',
  },
  {
    key: 'revenue',
    name: 'Revenue per player within N days (ARPU)',
    statistic: 'mean',
    winsorised: true,
    definition: "Each exposed player's revenue on days 0 to N, capped at the 99.9th percentile of all exposed players, averaged over exposed players whose day N has passed.",
  },
  {
    key: 'sessions',
    name: 'Sessions per player within N days',
    statistic: 'mean',
    winsorised: false,
    definition: "Each exposed player's sessions starting on days 0 to N, averaged over exposed players whose day N has passed.",
  },
  {
    key: 'property-mean',
    name: 'Mean of a property',
    statistic: 'mean',
    winsorised: false,
    definition: "Each exposed player's mean of the chosen numeric property over their events on days 0 to N, averaged over the players who sent it whose day N has passed.",
  },
];

export interface ExperimentStatisticDefinition {
  key:
    | 'estimate'
    | 'absolute-difference'
    | 'relative-difference'
    | 'interval'
    | 'always-valid-interval'
    | 'always-valid-p-value'
    | 'cuped'
    | 'sample-ratio-mismatch'
    | 'winsorisation'
    | 'sample-size';
  name: string;
  definition: string;
}

/** What each figure of an experiment's results means, in the words of docs/product/experiments.md and ADR 025. */
export const experimentStatisticDefinitions: readonly ExperimentStatisticDefinition[] = [
  { key: 'estimate', name: 'Estimate', definition: "The mean of the metric over the variant's exposed players (for a share, the share of them)." },
  { key: 'absolute-difference', name: 'Absolute difference', definition: 'Variant minus control, in the unit of the metric (percentage points for a share).' },
  { key: 'relative-difference', name: 'Relative difference', definition: 'Variant divided by control, minus 1; its interval comes from the delta method.' },
  {
    key: 'interval',
    name: '95% interval',
    definition: 'The estimate ± 1.96 standard errors (unpooled); it holds for one look fixed in advance, not for a result read every day.',
  },
  {
    key: 'always-valid-interval',
    name: 'Always-valid interval',
    definition:
      'The differences no look so far has ruled out: the intersection of every look’s 1% normal-mixture confidence sequence, and, from the look where each variant first has the planned players, of that look’s 96% interval.',
  },
  {
    key: 'always-valid-p-value',
    name: 'Always-valid p-value',
    definition:
      'The smaller of 5 × the smallest 1 / Λ of the confidence sequence so far and 1.25 × the p-value of the planned-size test, at most 1; a difference is declared when it is at most 5%, however often the results are read.',
  },
  {
    key: 'cuped',
    name: 'CUPED',
    definition:
      "Each player's value minus θ × (their pre-exposure value − its mean) minus γ × (having history − the share with history); θ = cov(Y, X) / var(X) over the players with history and γ the gap between those with history and those without, both pooled over the variants.",
  },
  {
    key: 'sample-ratio-mismatch',
    name: 'Sample ratio mismatch',
    definition: "Pearson's chi-squared test of the exposed players per variant against the weights; flagged when p < 0.001.",
  },
  {
    key: 'winsorisation',
    name: 'Winsorised revenue',
    definition: 'Revenue above the 99.9th percentile of all exposed players (pooled, nearest rank) counts as that percentile; when the percentile is 0, nothing is capped.',
  },
  {
    key: 'sample-size',
    name: 'Sample size',
    definition: 'The players each variant needs for the planned-size test (two-sided 4%) to detect the minimum detectable effect with 80% power.',
  },
];
