import { assignVariant, type ExperimentAllocation } from '@questboard/shared/experiments-assignment';
import type { ExperimentInput } from '@questboard/shared/experiments-api';
import { proportionSampleSize } from '@questboard/shared/experiments-sample-size';
import { DAY_MS } from './demo-catalogue';

// The demo's running experiment (issue 16): easier first levels for half the players. Its record is
// created beside the demo data (the experiments API) with the salt and start below; the demo players
// are assigned with the real hash, send their experiment_exposure on their first session from the
// start, and `easy` really does keep a few more players the next day (about +4 points of D1
// retention) and fail fewer levels.

/** The published config key the experiment overrides, and its default (the control's value). */
export const DEMO_EXPERIMENT_CONFIG_KEY = 'levels.difficulty';
export const DEMO_EXPERIMENT_CONFIG_DEFAULT = 'normal';

/** D1 retention of the demo's exposed players without the change, about (measured in demo-experiment.test.ts): the sample size's base. */
const DEMO_D1_BASELINE = 0.39;
const DEMO_EFFECT = 0.04;

export const demoExperiment = {
  key: 'faster-first-levels',
  hypothesis: 'Easier early levels bring more players back the next day.',
  variants: [
    { key: 'control', name: 'Control', weight: 1, overrides: [] },
    { key: 'easy', name: 'Easy', weight: 1, overrides: [{ key: DEMO_EXPERIMENT_CONFIG_KEY, value: 'easy' }] },
  ],
  targeting: [],
  audiencePercentage: 100,
  layer: null,
  primaryMetric: { kind: 'retention', days: 1 },
  secondaryMetrics: [
    { kind: 'retention', days: 7 },
    { kind: 'sessions', days: 7 },
    { kind: 'revenue', days: 7 },
  ],
  higherIsBetter: true,
  minimumDetectableEffect: DEMO_EFFECT,
  plannedPlayersPerVariant: proportionSampleSize(DEMO_D1_BASELINE, DEMO_EFFECT),
} as const satisfies ExperimentInput;

/** The demo experiment's salt: fixed, so the demo data and the record assign players alike. */
export const DEMO_EXPERIMENT_SALT = '5eed0f16a1b2c3d4e5f60718';

export const demoExperimentAllocation: ExperimentAllocation = {
  salt: DEMO_EXPERIMENT_SALT,
  variants: demoExperiment.variants.map(({ key, weight }) => ({ key, weight })),
  audiencePercentage: demoExperiment.audiencePercentage,
  layer: null,
};

/** Full days the experiment has run by the demo's end: it starts at midnight UTC, 27 days before the end's day. */
export const DEMO_EXPERIMENT_DAYS_BEFORE_END = 27;

/** When the demo experiment started, for demo data ending at `end`: what its record's startedAt must be. */
export function demoExperimentStartedAt(end: Date): Date {
  return new Date(Math.floor((end.getTime() - 1) / DAY_MS) * DAY_MS - DEMO_EXPERIMENT_DAYS_BEFORE_END * DAY_MS);
}

/** The demo player's variant (the real assignment), or null when not in the experiment. */
export function demoVariant(userId: string): string | null {
  return assignVariant(userId, demoExperimentAllocation);
}

/**
 * The extra chance an `easy` player who would not have played the day after exposure plays then:
 * about +4 points of D1 retention, since only players still in the game can come back (about 40%
 * of the exposed; measured in demo-experiment.test.ts).
 */
export const DEMO_EASY_COMEBACK = 0.08;
/** How much less often `easy` players fail a level once exposed. */
export const DEMO_EASY_FAIL_CUT = 0.05;
