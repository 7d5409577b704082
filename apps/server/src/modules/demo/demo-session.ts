import type { IngestEventInput } from '@questboard/shared/events';
import { acquisitionSources, adPlacements, chooseProduct, type Product, type Release } from './demo-catalogue';
import { adReward, buyBooster, buyLives, buySkin, levelRewards, purchasedGems, type ResourceChange, type Wallet } from './demo-economy';
import type { Random } from './demo-random';
import { DEMO_EASY_FAIL_CUT, demoExperiment } from './demo-experiment';

// One play session of one demo player: the events it sends, spaced as a real session spaces them.

/** An ingest event with the fields the demo generator always fills typed precisely. */
export type DemoEvent = IngestEventInput & {
  insert_id: string;
  name: string;
  user_id: string;
  timestamp: string;
  session_id: string;
  platform: string;
  app_version: string;
  build: string;
  country: string;
  properties: Record<string, string | number | boolean>;
  revenue_amount?: number;
  currency?: string;
  product_id?: string;
};

/** What every player of one population shares. */
export interface DemoPlan {
  readonly players: number;
  readonly days: number;
  readonly seed: number;
  readonly endMs: number;
  /** Start of the first UTC calendar day of the window. */
  readonly firstDayMs: number;
  /** Part of every insert_id and session_id: the same options give the same ids, other options never collide. */
  readonly fingerprint: string;
  readonly releases: readonly Release[];
  /** When the demo experiment started (demo-experiment.ts): a player's first session from then on sends its exposure. */
  readonly experimentStartMs: number;
  /** Whether `easy` players fail less and come back more (false only to measure the effect against). */
  readonly experimentEffect: boolean;
}

/** A player's profile and progress; sessions append its events and move it on. */
export interface DemoPlayer {
  readonly index: number;
  readonly userId: string;
  readonly random: Random;
  readonly platform: string;
  readonly country: string;
  /** 0 to 1: how often and how long this player plays. */
  readonly engagement: number;
  /** Around 0: better players fail levels less. */
  readonly skill: number;
  readonly spender: boolean;
  /** 0 to 1: how often and how big a spender buys. */
  readonly spendTier: number;
  readonly installMs: number;
  /** How long after a release this player's device updates the game. */
  readonly updateLagMs: number;
  readonly events: DemoEvent[];
  level: number;
  sessions: number;
  tutorialDone: boolean;
  /** The last tutorial step done (0: none). */
  tutorialStep: number;
  paid: boolean;
  starterPackBought: boolean;
  /** Coins and gems: every resource event carries the balance after it. */
  readonly wallet: Wallet;
  /** The demo experiment's variant for this player (null: not in it), and when their exposure was sent. */
  readonly variant: string | null;
  exposedMs: number | null;
}

export interface SessionStart {
  readonly atMs: number;
  /** The end of the UTC day (or of the window): nothing of this session is sent from then on. */
  readonly windowEndMs: number;
  /** Days since install. */
  readonly age: number;
  readonly install: boolean;
  readonly firstOfDay: boolean;
}

const FIRST_PURCHASE_CHANCE = 0.15;

/** The tutorial's steps in order, their median length, and the chance a player goes on to the next after it. */
export const tutorialSteps = [
  { number: 1, name: 'move', medianSeconds: 15, carryOn: 0.9 },
  { number: 2, name: 'jump', medianSeconds: 20, carryOn: 0.85 },
  { number: 3, name: 'collect', medianSeconds: 25, carryOn: 0.9 },
  { number: 4, name: 'first_battle', medianSeconds: 30, carryOn: 0.96 },
] as const;
const STORE_BROWSE_CHANCE = 0.05;

/** The newest version on the player's device: what it installed, or a later one once it updated. */
export function releaseAt(releases: readonly Release[], player: DemoPlayer, atMs: number): Release {
  let current: Release | undefined;
  for (const release of releases) {
    if (release.atMs <= player.installMs || release.atMs + player.updateLagMs <= atMs) current = release;
  }
  if (!current) throw new RangeError('the first release must come before the first install');
  return current;
}

/** Harder levels fail more, every tenth ("boss") level most; skilled players fail less. */
export function failChance(level: number, skill: number): number {
  const difficulty = 0.08 + 0.45 * (1 - Math.exp(-level / 30)) + (level % 10 === 0 ? 0.15 : 0);
  return Math.min(0.8, Math.max(0.03, difficulty - 0.06 * skill));
}

/** Plays one session; answers the time of its last event, or undefined when none fit the window. */
export function playSession(plan: DemoPlan, player: DemoPlayer, start: SessionStart): number | undefined {
  const { random } = player;
  player.sessions += 1;
  const release = releaseAt(plan.releases, player, start.atMs);
  const sessionId = `demo-s-${plan.fingerprint}-${player.index}-${player.sessions}`;
  let at = start.atMs;
  let last: number | undefined;

  const emit = (name: string, properties: DemoEvent['properties'], product?: Product): boolean => {
    if (at >= start.windowEndMs) return false;
    const event: DemoEvent = {
      insert_id: `demo-${plan.fingerprint}-${player.index}-${player.events.length}`,
      name,
      user_id: player.userId,
      timestamp: new Date(at).toISOString(),
      session_id: sessionId,
      platform: player.platform,
      app_version: release.version,
      build: release.build,
      country: player.country,
      properties,
    };
    if (product) {
      event.revenue_amount = product.price;
      event.currency = 'USD';
      event.product_id = product.id;
    }
    player.events.push(event);
    last = at;
    return true;
  };
  // Whole seconds and at least one: a player's events never share a timestamp.
  const wait = (minSeconds: number, maxSeconds: number) => {
    at += Math.round(random.between(minSeconds, maxSeconds)) * 1000;
  };
  // A change of coins or gems (demo-economy.ts) as a resource event; one the window cuts off is undone.
  const resource = (change: ResourceChange | null): boolean => {
    if (!change) return true;
    wait(1, 2);
    if (emit('resource', { ...change })) return true;
    player.wallet[change.virtual_currency] -= change.flow === 'source' ? change.amount : -change.amount;
    return false;
  };

  if (start.install) {
    if (!emit('install', { source: acquisitionSources.pick(random).name })) return last;
    wait(1, 3);
  }
  if (!emit('session_start', { session_number: player.sessions })) return last;
  if (player.variant !== null && player.exposedMs === null && start.atMs >= plan.experimentStartMs) {
    // The game reads the experiment's config key on its first session from the start: the SDK sends the exposure once.
    at += 1000;
    if (!emit('experiment_exposure', { experiment: demoExperiment.key, variant: player.variant })) return last;
    player.exposedMs = at;
  }
  if (!player.tutorialDone && random.chance(start.install ? 0.85 : 0.5)) {
    // The tutorial's steps (issue 17): each a tutorial_step event; some players stop after one and
    // carry on from the next in a later session; tutorial_complete once the last is done.
    const began = at;
    let stopped = false;
    for (const step of tutorialSteps.slice(player.tutorialStep)) {
      at += Math.max(1, Math.round(random.logNormal(step.medianSeconds, 0.4))) * 1000;
      if (!emit('tutorial_step', { step: step.number, step_name: step.name })) return last;
      player.tutorialStep = step.number;
      if (!random.chance(step.carryOn)) {
        stopped = true;
        break;
      }
    }
    if (!stopped) {
      const seconds = Math.max(1, Math.round(random.logNormal(12, 0.35)));
      at += seconds * 1000;
      if (!emit('tutorial_complete', { duration_s: Math.round((at - began) / 1000) })) return last;
      player.tutorialDone = true;
    }
  } else if (start.firstOfDay && start.age > 0 && random.chance(0.7)) {
    wait(3, 10);
    if (!emit('daily_reward', { day: start.age })) return last;
  }

  // Planned length is lognormal (median 3 to 8 minutes by engagement); levels fill it, the last one overruns.
  const deadline = start.atMs + Math.min(90, random.logNormal(3 + 5 * player.engagement, 0.6)) * 60_000;
  const buys = player.spender && random.chance(player.paid ? 0.03 + 0.2 * player.spendTier ** 2 : FIRST_PURCHASE_CHANCE);
  let attempts = 0;
  do {
    wait(4, 30);
    const level = player.level;
    const easier = plan.experimentEffect && player.variant === 'easy' && player.exposedMs !== null ? DEMO_EASY_FAIL_CUT : 0;
    const chance = Math.max(0.01, failChance(level, player.skill) - easier);
    const booster = buyBooster(player.wallet, random, chance);
    if (!resource(booster)) return last;
    if (booster) wait(1, 3);
    if (!emit('level_start', { level })) return last;
    const failed = random.chance(booster ? chance * 0.6 : chance);
    const seconds = Math.round(Math.min(900, random.logNormal(150 + Math.min(level, 90), 0.45) * (failed ? 0.7 : 1)));
    at += seconds * 1000;
    if (failed) {
      if (!emit('level_fail', { level, duration_s: seconds })) return last;
      if (!resource(buyLives(player.wallet, random))) return last;
    } else {
      const stars = 1 + (random.chance(0.6) ? 1 : 0) + (random.chance(0.3 + 0.1 * player.skill) ? 1 : 0);
      if (!emit('level_complete', { level, duration_s: seconds, stars })) return last;
      for (const reward of levelRewards(player.wallet, level, stars)) if (!resource(reward)) return last;
      player.level += 1;
    }
    attempts += 1;
    // Payers see fewer ads: many bought "no ads" or mostly take rewarded ones.
    if (random.chance(player.paid ? 0.04 : 0.16)) {
      wait(1, 4);
      const placement = adPlacements.pick(random).name;
      if (!emit('ad_impression', { placement, level })) return last;
      if (placement === 'rewarded' && !resource(adReward(player.wallet))) return last;
    }
    if (attempts === 1 && (buys || random.chance(STORE_BROWSE_CHANCE))) {
      wait(3, 15);
      if (!emit('store_open', { level: player.level })) return last;
      if (buys) {
        const product = chooseProduct(random, player.spendTier, player.starterPackBought);
        wait(10, 60);
        if (!emit('purchase', { level: player.level }, product)) return last;
        player.paid = true;
        if (product.id === 'starter_pack') player.starterPackBought = true;
        if (!resource(purchasedGems(player.wallet, product.id))) return last;
      }
      if (!resource(buySkin(player.wallet, random))) return last;
    }
  } while (at < deadline);
  return last;
}
