import { INGEST_MAX_AGE_DAYS } from '@questboard/shared/events';
import { DAY_MS, releaseSchedule, weekday } from './demo-catalogue';
import { playerEvents } from './demo-player';
import { mixSeed, Random } from './demo-random';
import { demoExperimentStartedAt } from './demo-experiment';
import type { DemoEvent, DemoPlan } from './demo-session';

// A realistic, made-up game population for the demo data: installs, sessions, levels, ads and
// purchases over a window of days, with the retention decay real games show. Pure and deterministic:
// the same options give the same events, insert_ids included, so sending them twice stores them once.

export type { DemoEvent } from './demo-session';

export interface DemoPopulationOptions {
  /** Players installing in the window; 20,000 by default. */
  players?: number;
  /** UTC calendar days in the window, the last one holding `end`; 90 by default. */
  days?: number;
  /** Generation ends here (exclusive): no event is at or after it. */
  end: Date;
  seed?: number;
  /** Whether the demo experiment's `easy` variant really works (demo-experiment.ts); true by default, false to measure the effect against. */
  experimentEffect?: boolean;
}

export const DEMO_POPULATION_DEFAULTS = { players: 20_000, days: 90, seed: 1 } as const;
const MAX_PLAYERS = 1_000_000;

/** Sunday first, as `getUTCDay`: more installs at the weekend. */
const INSTALL_WEEKDAY = [1.3, 0.95, 0.92, 0.95, 1, 1.1, 1.35];

/**
 * The population's events, player by player: players in install order (`demo-player-000000`
 * first), each player's events in time order. Only one player's events are held at a time.
 * Options are checked at the call, not at the first event.
 */
export function demoPopulation(options: DemoPopulationOptions): Generator<DemoEvent> {
  const plan = planPopulation(options);
  return populationEvents(plan, installWeights(plan));
}

function* populationEvents(plan: DemoPlan, weights: readonly number[]): Generator<DemoEvent> {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let day = 0;
  let through = weights[0] ?? 0; // install weight of days 0 to `day`
  for (let index = 0; index < plan.players; index += 1) {
    // Player i installs on the day the running install share passes (i + ½) / players: every day
    // gets its exact share, and user ids follow install order.
    const share = ((index + 0.5) / plan.players) * total;
    while (share >= through && day < plan.days - 1) {
      day += 1;
      through += weights[day] ?? 0;
    }
    yield* playerEvents(plan, index, day);
  }
}

function planPopulation(options: DemoPopulationOptions): DemoPlan {
  const { players = DEMO_POPULATION_DEFAULTS.players, days = DEMO_POPULATION_DEFAULTS.days } = options;
  const { seed = DEMO_POPULATION_DEFAULTS.seed, end } = options;
  if (!Number.isInteger(players) || players < 1 || players > MAX_PLAYERS) {
    throw new RangeError(`players must be a whole number from 1 to ${MAX_PLAYERS} (got ${players})`);
  }
  // Older events would be refused by the ingestion endpoint.
  if (!Number.isInteger(days) || days < 1 || days > INGEST_MAX_AGE_DAYS) {
    throw new RangeError(`days must be a whole number from 1 to ${INGEST_MAX_AGE_DAYS} (got ${days})`);
  }
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a whole number (got ${seed})`);
  const endMs = end instanceof Date ? end.getTime() : Number.NaN;
  if (Number.isNaN(endMs)) throw new RangeError('end must be a valid date');

  const firstDayMs = Math.floor((endMs - 1) / DAY_MS) * DAY_MS - (days - 1) * DAY_MS;
  return {
    players,
    days,
    seed,
    endMs,
    firstDayMs,
    // Without the experiment's effect the events differ: other ids, so the two never collide.
    fingerprint: mixSeed(seed, players, days, endMs, ...(options.experimentEffect === false ? [1] : [])).toString(36),
    releases: releaseSchedule(firstDayMs, endMs),
    experimentStartMs: demoExperimentStartedAt(end).getTime(),
    experimentEffect: options.experimentEffect ?? true,
  };
}

/** How many players install each day, relatively: growth, weekends, store featuring after releases. */
function installWeights(plan: DemoPlan): number[] {
  const random = new Random(mixSeed(plan.seed, -1)); // players draw from indexes 0 and up
  return Array.from({ length: plan.days }, (_, day) => {
    const dayMs = plan.firstDayMs + day * DAY_MS;
    const growth = 0.75 + (0.5 * day) / Math.max(1, plan.days - 1); // the studio scales up user acquisition
    const featured = plan.releases.some((release) => dayMs + DAY_MS > release.atMs && dayMs < release.atMs + 3 * DAY_MS);
    const open = (Math.min(dayMs + DAY_MS, plan.endMs) - dayMs) / DAY_MS; // the last day may end early
    return growth * (INSTALL_WEEKDAY[weekday(dayMs)] ?? 1) * (featured ? 1.25 : 1) * random.between(0.92, 1.08) * open;
  });
}
