// docs/product/experiments.md#cuped and ADR 025: variance reduction with each player's pre-exposure value
// of the same metric (Deng, Xu, Kohavi, Walker 2013), from sufficient statistics per variant.
import { meanMoments, type VariantMoments } from './experiments-compare';

/**
 * One variant's sums for CUPED. Y is the player's metric after exposure; X the same metric over the
 * pre-exposure period, 0 for a player without history; H is 1 for a player with history, else 0.
 */
export interface CupedSums {
  players: number;
  /** ΣY and ΣY² over all the variant's players. */
  sumY: number;
  sumY2: number;
  /** ΣH: the players with pre-exposure history. */
  withHistory: number;
  /** ΣHY: the sum of Y over the players with history. */
  sumYWithHistory: number;
  /** ΣX, ΣX² and ΣXY (X is 0 without history, so these run over the players with history). */
  sumX: number;
  sumX2: number;
  sumXY: number;
}

/** The fitted adjustment: Y_cuped = Y − θ (X − X̄) − γ (H − H̄), X̄ and H̄ pooled over the variants. */
export interface CupedAdjustment {
  theta: number;
  gamma: number;
  meanX: number;
  meanH: number;
}

function total(variants: readonly CupedSums[], pick: (sums: CupedSums) => number): number {
  return variants.reduce((sum, variant) => sum + pick(variant), 0);
}

/**
 * θ and γ, pooled over all the experiment's variants: the least-squares fit of Y on X and H.
 * With X = 0 for every player without history, θ = cov(Y, X) / var(X) among the players with
 * history, and γ is the gap between the history players' fitted intercept and the mean of those
 * without. No players with history, or no spread in X among them: θ = 0. Everyone or no one with
 * history: γ = 0.
 */
export function fitCuped(variants: readonly CupedSums[]): CupedAdjustment {
  const players = total(variants, (v) => v.players);
  const withHistory = total(variants, (v) => v.withHistory);
  const sumX = total(variants, (v) => v.sumX);
  const sumXY = total(variants, (v) => v.sumXY);
  const sumX2 = total(variants, (v) => v.sumX2);
  const sumYHistory = total(variants, (v) => v.sumYWithHistory);
  const sumY = total(variants, (v) => v.sumY);
  const meanX = players === 0 ? 0 : sumX / players;
  const meanH = players === 0 ? 0 : withHistory / players;
  if (withHistory === 0) return { theta: 0, gamma: 0, meanX, meanH };
  const historyMeanX = sumX / withHistory;
  const historyMeanY = sumYHistory / withHistory;
  const spreadX = sumX2 - sumX * historyMeanX;
  const theta = spreadX > 1e-12 * Math.max(1, sumX2) ? (sumXY - sumX * historyMeanY) / spreadX : 0;
  const without = players - withHistory;
  const gamma = without === 0 ? 0 : historyMeanY - theta * historyMeanX - (sumY - sumYHistory) / without;
  return { theta, gamma, meanX, meanH };
}

/**
 * A variant's CUPED-adjusted moments: mean Ȳ − θ (X̄_v − X̄) − γ (H̄_v − H̄) and the sample variance
 * of Y − θX − γH, whose sums follow from the variant's (HX = X, H² = H).
 */
export function cupedMoments(sums: CupedSums, adjustment: CupedAdjustment): VariantMoments {
  const { theta, gamma, meanX, meanH } = adjustment;
  const sum = sums.sumY - theta * sums.sumX - gamma * sums.withHistory;
  const sumOfSquares =
    sums.sumY2 +
    theta * theta * sums.sumX2 +
    gamma * gamma * sums.withHistory -
    2 * theta * sums.sumXY -
    2 * gamma * sums.sumYWithHistory +
    2 * theta * gamma * sums.sumX;
  const moments = meanMoments(sums.players, sum, sumOfSquares);
  // Centre on the pooled means, so the adjusted mean stays on the metric's scale.
  return { ...moments, mean: moments.mean + theta * meanX + gamma * meanH };
}

/** The moments without adjustment, from the same sums. */
export function unadjustedMoments(sums: CupedSums): VariantMoments {
  return meanMoments(sums.players, sums.sumY, sums.sumY2);
}

/** Adds one player's values to a variant's sums (for reference implementations and tests; the server sums in SQL). */
export function addPlayer(sums: CupedSums, y: number, x: number | null): CupedSums {
  const has = x === null ? 0 : 1;
  const value = x ?? 0;
  return {
    players: sums.players + 1,
    sumY: sums.sumY + y,
    sumY2: sums.sumY2 + y * y,
    withHistory: sums.withHistory + has,
    sumYWithHistory: sums.sumYWithHistory + has * y,
    sumX: sums.sumX + value,
    sumX2: sums.sumX2 + value * value,
    sumXY: sums.sumXY + value * y,
  };
}

export const EMPTY_CUPED_SUMS: CupedSums = { players: 0, sumY: 0, sumY2: 0, withHistory: 0, sumYWithHistory: 0, sumX: 0, sumX2: 0, sumXY: 0 };
