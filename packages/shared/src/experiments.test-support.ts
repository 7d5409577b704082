// Seeded random numbers for the experiment simulations (tests only): the same draws on every run.
import { logGamma } from './experiments-distributions';

export interface Random {
  /** Uniform in [0, 1). */
  uniform: () => number;
  /** Standard normal (Box–Muller). */
  normal: () => number;
  /** Binomial(trials, probability), as a sum of Bernoulli draws. */
  binomial: (trials: number, probability: number) => number;
  /** A sampler of Binomial(trials, probability) by inverting its exact CDF: one uniform per draw. */
  binomialSampler: (trials: number, probability: number) => () => number;
}

/** mulberry32, the generator the rollout tests use. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  let spare: number | null = null;
  const normal = () => {
    if (spare !== null) {
      const value = spare;
      spare = null;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(1 - uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  const binomial = (trials: number, probability: number) => {
    let successes = 0;
    for (let trial = 0; trial < trials; trial += 1) if (uniform() < probability) successes += 1;
    return successes;
  };
  const binomialSampler = (trials: number, probability: number) => {
    const logChoose = (k: number) => logGamma(trials + 1) - logGamma(k + 1) - logGamma(trials - k + 1);
    const cdf = new Float64Array(trials + 1);
    let total = 0;
    for (let k = 0; k <= trials; k += 1) {
      total += Math.exp(logChoose(k) + k * Math.log(probability) + (trials - k) * Math.log1p(-probability));
      cdf[k] = total;
    }
    return () => {
      const u = uniform() * total;
      let low = 0;
      let high = trials;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if ((cdf[middle] ?? 0) > u) high = middle;
        else low = middle + 1;
      }
      return low;
    };
  };
  return { uniform, normal, binomial, binomialSampler };
}

/** Seeded player ids, as the rollout tests make them. */
export function seededPlayerIds(count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const hex = () => Math.floor(random.uniform() * 4_294_967_296).toString(16).padStart(8, '0');
  return Array.from({ length: count }, () => `${hex()}-${hex().slice(0, 4)}-${hex()}`);
}
