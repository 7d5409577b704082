import type { CurveCohorts } from '@questboard/shared/analytics-answer-parts';

// ADR 010 "Curves" (metric definition 'cohort-curves'): every curve over days since install (the
// retention curve, the average cumulative LTV, each cohort row) follows one set of players from day
// 0 to its last day: the cohorts installed on days that have reached that day. Its last day N (at
// most 30) is the one with the most player-days, (N + 1) × those players, the later on a tie, so
// cumulative LTV never falls and rolling retention never rises along it. Averaging each day N over
// whichever cohorts reached it let the set shrink as N grew.

/** One install day's cohort: its size and its figure for each day since install it has reached. */
export interface InstallDayCells {
  /** The install day (YYYY-MM-DD). */
  day: string;
  size: number;
  /** Day since install -> retained users (or revenue) of the day's cohort; missing days count 0. */
  values: ReadonlyMap<number, number>;
}

export interface Curve {
  /** Day 0 to maxDay: the figure per installed user of the set; null after the set's last day. */
  values: (number | null)[];
  cohorts: CurveCohorts;
}

const DAY_MS = 86_400_000;
const age = (day: string, today: string) => Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / DAY_MS);

/**
 * The curve of the given install days over one set of cohorts: those installed on days that have
 * reached its last day, which is the day N (at most `maxDay`) with the most player-days, (N + 1) ×
 * those cohorts' players, the later on a tie. Each point is the set's figure on that day / the set's
 * users, so for a fixed set the cumulative LTV never falls and rolling retention never rises.
 */
export function curveOverOneSet(installDays: readonly InstallDayCells[], today: string, maxDay: number): Curve {
  const installed = installDays.filter((cohort) => cohort.size > 0 && cohort.day <= today);
  const empty: Curve = { values: Array.from({ length: maxDay + 1 }, () => null), cohorts: null };
  if (installed.length === 0) return empty;
  const oldest = Math.min(maxDay, Math.max(...installed.map((cohort) => age(cohort.day, today))));
  const reaching = (n: number) => installed.filter((cohort) => age(cohort.day, today) >= n);
  const playersReaching = (n: number) => reaching(n).reduce((sum, cohort) => sum + cohort.size, 0);
  let lastDay = 0;
  for (let n = 1; n <= oldest; n += 1) if ((n + 1) * playersReaching(n) >= (lastDay + 1) * playersReaching(lastDay)) lastDay = n;
  const set = reaching(lastDay).sort((a, b) => (a.day < b.day ? -1 : 1));
  const users = playersReaching(lastDay);
  const values = empty.values.map((_, n) => (n > lastDay ? null : set.reduce((sum, cohort) => sum + (cohort.values.get(n) ?? 0), 0) / users));
  return { values, cohorts: { from: set[0]?.day ?? today, to: set.at(-1)?.day ?? today, users, lastDay } };
}
