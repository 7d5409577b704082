import { countries, DAY_MS, HOUR_MS, localHours, platforms, weekday } from './demo-catalogue';
import { startingWallet } from './demo-economy';
import { DEMO_EASY_COMEBACK, demoVariant } from './demo-experiment';
import { mixSeed, Random } from './demo-random';
import { type DemoEvent, type DemoPlan, type DemoPlayer, playSession } from './demo-session';

// One demo player's whole life in the game: who they are, which days they come back, how often they play.

/**
 * Lifetimes follow a Lomax law, P(still playing on day n) = (1 + n / 3) ^ -0.83: the mix of
 * players' own churn rates (gamma-distributed) that gives real games their power-law retention.
 * Times the daily chance of playing (0.475 on average) it lands classic D1 near 37%, D7 near 17%
 * and D30 near 6.5%.
 */
const LIFETIME_SCALE_DAYS = 3;
const LIFETIME_SHAPE = 0.83;
/** Sunday first, as `getUTCDay`: a little more play at the weekend. */
const PLAY_WEEKDAY = [1.08, 0.96, 0.95, 0.96, 0.97, 1.02, 1.08];
/** Share of players who would pay if they stayed, before platform, country and engagement. */
const SPENDER_BASE = 0.05;
/** Longer than the 30-minute inactivity rule, so a session_id and the gap rule agree. */
const SESSION_GAP_MS = 31 * 60_000;

/** Answers every event of player `index`, who installs on day `installDay` of the window, in time order. */
export function playerEvents(plan: DemoPlan, index: number, installDay: number): DemoEvent[] {
  const random = new Random(mixSeed(plan.seed, index));
  const platform = platforms.pick(random);
  const country = countries.pick(random);
  const engagement = random.next();
  const activeChance = 0.2 + 0.55 * engagement;
  const lifetimeDays = LIFETIME_SCALE_DAYS * ((1 - random.next()) ** (-1 / LIFETIME_SHAPE) - 1);
  const spendChance = SPENDER_BASE * platform.spend * country.spend * (0.5 + engagement);
  const dayTime = (dayMs: number) => {
    // A local hour of play, then the UTC time it is in the player's country.
    const localMs = localHours.pick(random).startMs + random.next() * HOUR_MS;
    return dayMs + ((((localMs - country.utcOffsetMs) % DAY_MS) + DAY_MS) % DAY_MS);
  };

  const installDayMs = plan.firstDayMs + installDay * DAY_MS;
  const installWindowEndMs = Math.min(installDayMs + DAY_MS, plan.endMs);
  let installMs = dayTime(installDayMs);
  // The last day may end early (at `end`): retry, then fall back to any time still open.
  for (let tries = 0; installMs >= installWindowEndMs && tries < 8; tries += 1) installMs = dayTime(installDayMs);
  if (installMs >= installWindowEndMs) installMs = installDayMs + random.next() * (installWindowEndMs - installDayMs);

  const userId = `demo-player-${String(index).padStart(6, '0')}`;
  const player: DemoPlayer = {
    index,
    userId,
    random,
    platform: platform.name,
    country: country.code,
    engagement,
    skill: Math.max(-2, Math.min(2, random.normal())),
    spender: random.chance(spendChance),
    spendTier: random.next() ** 2, // most payers are small; a few are whales
    installMs: Math.round(installMs),
    // The web is always current; stores roll updates out over days, and some devices lag weeks.
    updateLagMs:
      platform.name === 'web'
        ? 0
        : (random.chance(0.08) ? random.between(20, 60) : random.exponential(platform.name === 'windows' ? 0.5 : 2.5)) *
          DAY_MS,
    events: [],
    level: 1,
    sessions: 0,
    tutorialDone: false,
    tutorialStep: 0,
    paid: false,
    starterPackBought: false,
    wallet: startingWallet(),
    variant: demoVariant(userId),
    exposedMs: null,
  };
  const sessionsToday = () => {
    const extra = 0.05 + 0.22 * engagement;
    return 1 + (random.chance(extra) ? 1 : 0) + (random.chance(extra) ? 1 : 0) + (random.chance(extra) ? 1 : 0);
  };

  // Also across midnight: a session never starts within the gap rule of the previous one.
  let nextSessionMs = 0;
  const playDay = (day: number, count: number, firstOfDay: boolean) => {
    const dayMs = plan.firstDayMs + day * DAY_MS;
    const windowEndMs = Math.min(dayMs + DAY_MS, plan.endMs);
    const starts = Array.from({ length: count }, () => dayTime(dayMs)).sort((a, b) => a - b);
    let first = firstOfDay;
    for (const planned of starts) {
      const atMs = Math.round(planned >= nextSessionMs ? planned : nextSessionMs + random.exponential(HOUR_MS));
      if (atMs >= windowEndMs) return;
      const last = playSession(plan, player, { atMs, windowEndMs, age: day - installDay, install: false, firstOfDay: first });
      if (last === undefined) return;
      nextSessionMs = last + SESSION_GAP_MS;
      first = false;
    }
  };

  const installSession = { atMs: player.installMs, windowEndMs: installWindowEndMs, age: 0, install: true, firstOfDay: true };
  nextSessionMs = (playSession(plan, player, installSession) ?? player.installMs) + SESSION_GAP_MS;
  playDay(installDay, sessionsToday() - 1, false);
  for (let day = installDay + 1; day < plan.days; day += 1) {
    if (day - installDay > lifetimeDays) break;
    const dayChance = activeChance * (PLAY_WEEKDAY[weekday(plan.firstDayMs + day * DAY_MS)] ?? 1);
    // The experiment's real effect: some `easy` players who would have skipped the day after their exposure come back.
    const exposedYesterday = plan.experimentEffect && player.variant === 'easy' && player.exposedMs !== null && Math.floor((player.exposedMs - plan.firstDayMs) / DAY_MS) === day - 1;
    if (random.chance(dayChance) || (exposedYesterday && random.chance(DEMO_EASY_COMEBACK))) playDay(day, sessionsToday(), true);
  }
  return player.events;
}
