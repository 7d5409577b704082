import type { CurveCohorts } from '@questboard/shared/analytics';

// ADR 010 "Curves" (metric definition 'cohort-curves'): every curve over days since install (the
// retention curve, the average cumulative LTV, each cohort row) follows one set of players: its last
// day is day 30, or the age of its oldest cohort when younger, and it covers the cohorts installed on
// days that have reached that last day, so cumulative LTV never falls and rolling retention never
// rises along it. Averaging each day N over whichever cohorts reached it let the set shrink with N.

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
 * The curve of the given install days over one set of cohorts: its last day is `maxDay`, or the age
 * of the oldest cohort when that is younger; the set is every install day that has reached the last
 * day. Each point is the set's figure on that day / the set's users, so for a fixed set the
 * cumulative LTV never falls and rolling retention never rises.
 */
export function curveOverOneSet(installDays: readonly InstallDayCells[], today: string, maxDay: number): Curve {
  const installed = installDays.filter((cohort) => cohort.size > 0 && cohort.day <= today);
  const empty: Curve = { values: Array.from({ length: maxDay + 1 }, () => null), cohorts: null };
  if (installed.length === 0) return empty;
  const lastDay = Math.min(maxDay, Math.max(...installed.map((cohort) => age(cohort.day, today))));
  const set = installed.filter((cohort) => age(cohort.day, today) >= lastDay).sort((a, b) => (a.day < b.day ? -1 : 1));
  const users = set.reduce((sum, cohort) => sum + cohort.size, 0);
  const values = empty.values.map((_, n) => (n > lastDay ? null : set.reduce((sum, cohort) => sum + (cohort.values.get(n) ?? 0), 0) / users));
  return { values, cohorts: { from: set[0]?.day ?? today, to: set.at(-1)?.day ?? today, users, lastDay } };
}
