import { describe, expect, it } from 'vitest';
import { curveOverOneSet, type InstallDayCells } from './cohort-curves';
import { mulberry32 } from '../demo/demo-random';

const cells = (day: string, size: number, values: Record<number, number>): InstallDayCells => ({
  day,
  size,
  values: new Map(Object.entries(values).map(([n, value]) => [Number(n), value])),
});

describe('curveOverOneSet', () => {
  it.each([
    {
      name: 'no cohort at all',
      days: [],
      today: '2026-10-10',
      maxDay: 3,
      values: [null, null, null, null],
      cohorts: null,
    },
    {
      name: 'cohorts old enough for the last day: all of them, weighted by size',
      days: [cells('2026-10-01', 10, { 0: 10, 1: 5, 2: 4, 3: 2 }), cells('2026-10-02', 30, { 0: 30, 1: 9, 2: 6, 3: 6 })],
      today: '2026-10-10',
      maxDay: 3,
      values: [1, 14 / 40, 10 / 40, 8 / 40],
      cohorts: { from: '2026-10-01', to: '2026-10-02', users: 40, lastDay: 3 },
    },
    {
      // Day 1 over both (100 players × 2 days) shows more than day 2 over the first (10 × 3). The old
      // averaging gave day 1 over both and day 2 over the first alone: a different set each day.
      name: 'the last day with the most player-days, every point over the same players',
      days: [cells('2026-10-08', 10, { 0: 1, 1: 2, 2: 3 }), cells('2026-10-09', 90, { 0: 50, 1: 90 })],
      today: '2026-10-10',
      maxDay: 30,
      values: [0.51, 0.92, ...Array.from({ length: 29 }, () => null)],
      cohorts: { from: '2026-10-08', to: '2026-10-09', users: 100, lastDay: 1 },
    },
    {
      // 30 × 3 = 90 player-days to day 2 against 40 × 2 = 80 to day 1: the older cohort alone.
      name: 'a younger cohort left out when the longer curve shows more',
      days: [cells('2026-10-08', 30, { 0: 30, 1: 3, 2: 6 }), cells('2026-10-09', 10, { 0: 10, 1: 1 })],
      today: '2026-10-10',
      maxDay: 30,
      values: [1, 0.1, 0.2, ...Array.from({ length: 28 }, () => null)],
      cohorts: { from: '2026-10-08', to: '2026-10-08', users: 30, lastDay: 2 },
    },
    {
      // 2 × 2 = 4 either way: the later day wins.
      name: 'a tie goes to the longer curve',
      days: [cells('2026-10-09', 2, { 0: 2, 1: 1 }), cells('2026-10-10', 2, { 0: 2 })],
      today: '2026-10-10',
      maxDay: 30,
      values: [1, 0.5, ...Array.from({ length: 29 }, () => null)],
      cohorts: { from: '2026-10-09', to: '2026-10-09', users: 2, lastDay: 1 },
    },
    {
      name: 'empty install days and days after today do not count',
      days: [cells('2026-10-01', 0, {}), cells('2026-10-09', 4, { 0: 2, 1: 1 }), cells('2026-10-11', 5, { 0: 5 })],
      today: '2026-10-10',
      maxDay: 2,
      values: [0.5, 0.25, null],
      cohorts: { from: '2026-10-09', to: '2026-10-09', users: 4, lastDay: 1 },
    },
    {
      name: 'cohorts older than the longest curve: all of them to its last day',
      days: [cells('2026-09-01', 3, { 0: 3, 1: 1 }), cells('2026-09-02', 1, { 0: 1, 1: 1 })],
      today: '2026-10-10',
      maxDay: 1,
      values: [1, 0.5],
      cohorts: { from: '2026-09-01', to: '2026-09-02', users: 4, lastDay: 1 },
    },
    {
      name: 'cohorts installed today: a curve of day 0 only',
      days: [cells('2026-10-10', 8, { 0: 6 })],
      today: '2026-10-10',
      maxDay: 2,
      values: [0.75, null, null],
      cohorts: { from: '2026-10-10', to: '2026-10-10', users: 8, lastDay: 0 },
    },
  ])('$name', ({ days, today, maxDay, values, cohorts }) => {
    expect(curveOverOneSet(days, today, maxDay)).toEqual({ values, cohorts });
  });
});

const MAX_DAY = 30;
const TODAY = '2026-10-31';
const dayOf = (offset: number) => new Date(Date.parse(`${TODAY}T00:00:00Z`) - offset * 86_400_000).toISOString().slice(0, 10);

interface Player {
  installAge: number;
  /** Days since install the player was active on (0 always) and their purchases by day. */
  active: number[];
  purchases: Map<number, number>;
}

/** Players installed over the last `spread` days, with random activity and purchases up to today. */
function population(next: () => number): Player[] {
  const spread = 1 + Math.floor(next() * 45);
  return Array.from({ length: 1 + Math.floor(next() * 60) }, () => {
    const installAge = Math.floor(next() * spread);
    const churn = next();
    const active = [0];
    const purchases = new Map<number, number>();
    for (let n = 0; n <= installAge; n += 1) {
      if (n > 0 && next() > churn) active.push(n);
      if (next() < 0.1) purchases.set(n, Math.round(next() * 2000) / 100);
    }
    return { installAge, active, purchases };
  });
}

/** The cells of ADR 010 for each install day, straight from the players: day N only once reached. */
function cellsOf(players: readonly Player[], figure: (player: Player, n: number) => number): InstallDayCells[] {
  const byDay = new Map<number, Player[]>();
  for (const player of players) byDay.set(player.installAge, [...(byDay.get(player.installAge) ?? []), player]);
  return [...byDay.entries()].map(([installAge, cohort]) => {
    const values = new Map<number, number>();
    for (let n = 0; n <= Math.min(installAge, MAX_DAY); n += 1) values.set(n, cohort.reduce((sum, player) => sum + figure(player, n), 0));
    return { day: dayOf(installAge), size: cohort.length, values };
  });
}

const rolling = (player: Player, n: number) => (Math.max(...player.active) >= n ? 1 : 0);
const ltv = (player: Player, n: number) => [...player.purchases].reduce((sum, [k, amount]) => (k <= n ? sum + amount : sum), 0);

/** Pairs of consecutive known points of a curve. */
const steps = (values: readonly (number | null)[]) =>
  values.flatMap((value, n) => {
    const next = values[n + 1];
    return value === null || next === null || next === undefined ? [] : [[value, next] as const];
  });

describe('curveOverOneSet on 500 random populations', () => {
  const populations = Array.from({ length: 500 }, (_, seed) => ({ seed, players: population(mulberry32(seed + 1)) }));
  const epsilon = 1e-9;

  it('never lets cumulative LTV fall', () => {
    for (const { seed, players } of populations) {
      const curve = curveOverOneSet(cellsOf(players, ltv), TODAY, MAX_DAY);
      for (const [before, after] of steps(curve.values)) expect(after, `seed ${seed}`).toBeGreaterThanOrEqual(before - epsilon);
    }
  });

  it('never lets rolling retention rise, and starts at 100%', () => {
    for (const { seed, players } of populations) {
      const curve = curveOverOneSet(cellsOf(players, rolling), TODAY, MAX_DAY);
      expect(curve.values[0], `seed ${seed}`).toBe(1);
      for (const [before, after] of steps(curve.values)) expect(after, `seed ${seed}`).toBeLessThanOrEqual(before + epsilon);
    }
  });

  it('says which cohorts it follows: those that reached the last day, the one with the most player-days', () => {
    for (const { seed, players } of populations) {
      const { values, cohorts } = curveOverOneSet(cellsOf(players, rolling), TODAY, MAX_DAY);
      if (!cohorts) throw new Error(`seed ${seed}: no cohorts`);
      const followed = players.filter((player) => player.installAge >= cohorts.lastDay);
      expect(cohorts.users, `seed ${seed}`).toBe(followed.length);
      expect(values.findLastIndex((value) => value !== null), `seed ${seed}`).toBe(cohorts.lastDay);
      expect(cohorts.from <= cohorts.to && cohorts.to <= dayOf(cohorts.lastDay), `seed ${seed}`).toBe(true);
      // No other last day would show more player-days.
      const oldest = Math.min(MAX_DAY, Math.max(...players.map((player) => player.installAge)));
      for (let n = 0; n <= oldest; n += 1) {
        const reaching = players.filter((player) => player.installAge >= n).length;
        expect((n + 1) * reaching, `seed ${seed}, day ${n}`).toBeLessThanOrEqual((cohorts.lastDay + 1) * cohorts.users);
      }
    }
  });

  it('would catch the old averaging over whichever cohorts reached each day', () => {
    // The check above is only worth something if the per-day average breaks it on these populations.
    const perDay = (cohorts: InstallDayCells[]) =>
      Array.from({ length: MAX_DAY + 1 }, (_, n) => {
        const reached = cohorts.filter((cohort) => cohort.values.has(n));
        const users = reached.reduce((sum, cohort) => sum + cohort.size, 0);
        return users === 0 ? null : reached.reduce((sum, cohort) => sum + (cohort.values.get(n) ?? 0), 0) / users;
      });
    const falls = populations.filter(({ players }) => steps(perDay(cellsOf(players, ltv))).some(([before, after]) => after < before - 1e-9));
    expect(falls.length).toBeGreaterThan(50);
  });
});
