import { type Random, WeightedTable } from './demo-random';

// The demo game's world: who plays it where, what it sells and when it shipped. Weights are rough
// shares of a casual mobile game's audience; `spend` scales how likely a player is to pay.

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** 0 for Sunday to 6 for Saturday, like `Date#getUTCDay`, for the UTC day starting at `dayMs`. */
export function weekday(dayMs: number): number {
  return (((Math.floor(dayMs / DAY_MS) + 4) % 7) + 7) % 7; // 1 January 1970 was a Thursday
}

export const platforms = new WeightedTable([
  { name: 'android', weight: 55, spend: 0.8 },
  { name: 'ios', weight: 35, spend: 1.5 },
  { name: 'web', weight: 6, spend: 0.6 },
  { name: 'windows', weight: 4, spend: 1 },
]);

/** ISO 3166-1 alpha-2 code, share, UTC offset in hours (so play peaks in the local evening), spend. */
export const countries = new WeightedTable(
  (
    [
      ['US', 20, -5, 1.6],
      ['BR', 8, -3, 0.5],
      ['IN', 8, 5.5, 0.3],
      ['DE', 7, 1, 1.2],
      ['GB', 6, 0, 1.3],
      ['MX', 5, -6, 0.5],
      ['JP', 5, 9, 1.8],
      ['FR', 5, 1, 1],
      ['ID', 4, 7, 0.35],
      ['KR', 4, 9, 1.5],
      ['CA', 3, -5, 1.3],
      ['TR', 3, 3, 0.4],
      ['PH', 3, 8, 0.4],
      ['ES', 3, 1, 0.9],
      ['IT', 3, 1, 0.9],
      ['PL', 2, 1, 0.7],
      ['AU', 2, 10, 1.4],
      ['NL', 2, 1, 1.1],
      ['VN', 2, 7, 0.3],
      ['TH', 2, 7, 0.5],
      ['SE', 1, 1, 1.1],
    ] as const
  ).map(([code, weight, utcOffset, spend]) => ({ code, weight, utcOffsetMs: utcOffset * HOUR_MS, spend })),
);

/** When people play, by local hour: quiet at night, a lunch bump, the peak in the evening. */
export const localHours = new WeightedTable(
  [0.8, 0.5, 0.3, 0.2, 0.15, 0.15, 0.3, 0.6, 0.8, 0.8, 0.9, 1, 1.2, 1.1, 1, 1, 1.1, 1.3, 1.6, 1.9, 2, 1.9, 1.6, 1.2].map(
    (weight, hour) => ({ weight, startMs: hour * HOUR_MS }),
  ),
);

export const acquisitionSources = new WeightedTable([
  { name: 'organic', weight: 60 },
  { name: 'paid_social', weight: 18 },
  { name: 'video_ads', weight: 12 },
  { name: 'search', weight: 6 },
  { name: 'cross_promo', weight: 4 },
]);

export const adPlacements = new WeightedTable([
  { name: 'interstitial', weight: 70 },
  { name: 'rewarded', weight: 30 },
]);

export interface Product {
  readonly id: string;
  readonly price: number;
}

const starterPack: Product = { id: 'starter_pack', price: 4.99 };
const catalogue: readonly (Product & { small: number; big: number })[] = [
  { id: 'gems_small', price: 0.99, small: 45, big: 5 },
  { id: 'gems_medium', price: 4.99, small: 25, big: 15 },
  { id: 'season_pass', price: 9.99, small: 15, big: 20 },
  { id: 'gems_large', price: 19.99, small: 4, big: 30 },
  { id: 'gems_chest', price: 49.99, small: 1, big: 20 },
];
export const productIds = [starterPack, ...catalogue].map((product) => product.id);
export const pricePoints = [...new Set([starterPack, ...catalogue].map((product) => product.price))];

/**
 * What a payer buys: often the one-off starter pack first, then mostly cheap packs; `tier` (0 to 1)
 * moves the big spenders ("whales") towards the expensive ones.
 */
export function chooseProduct(random: Random, tier: number, starterPackBought: boolean): Product {
  if (!starterPackBought && random.chance(0.45)) return starterPack;
  const weights = catalogue.map((product) => product.small * (1 - tier) + product.big * tier);
  let target = random.next() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [index, product] of catalogue.entries()) {
    target -= weights[index] ?? 0;
    if (target < 0) return product;
  }
  return catalogue.at(-1) ?? starterPack; // floating-point leftovers
}

export interface Release {
  readonly version: string;
  readonly build: string;
  readonly atMs: number;
}

/**
 * 1.0.0 shipped a month before the window (players meet a live game), then a minor release every
 * three weeks at 15:00 UTC and a hotfix four days after every other one.
 */
export function releaseSchedule(firstDayMs: number, endMs: number): Release[] {
  const times: [string, number][] = [['1.0.0', firstDayMs - 30 * DAY_MS]];
  for (let minor = 1; ; minor += 1) {
    const atMs = firstDayMs + (7 + 21 * (minor - 1)) * DAY_MS + 15 * HOUR_MS;
    if (atMs >= endMs) break;
    times.push([`1.${minor}.0`, atMs]);
    if (minor % 2 === 0 && atMs + 4 * DAY_MS < endMs) times.push([`1.${minor}.1`, atMs + 4 * DAY_MS]);
  }
  // Builds count up between releases, as CI numbers do.
  return times.map(([version, atMs], index) => ({ version, build: String(1040 + index * 37), atMs }));
}
