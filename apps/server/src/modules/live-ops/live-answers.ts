import { createHash } from 'node:crypto';
import type { LiveConfigSnapshot, PlayerContext } from '@questboard/shared/live-config';
import type { LiveExperiment } from '@questboard/shared/live-experiments';
import {
  compileLiveOutcomes,
  liveOutcome,
  outcomeExperimentsJson,
  outcomeValuesJson,
  type LiveOutcomePlan,
} from '@questboard/shared/live-outcome';

// ADR 021 ("Delivery"): GET /live/v1/config's answers and ETags from a player's outcome (one code per
// key and one per running experiment, packages/shared/src/live-outcome.ts, ADR 029). The answer is a function of (the version's table of
// possible values, its number, the outcome) and the outcome a function of the answer, so:
// - the ETag is a hash of those three: equal answers have equal tags and different answers different
//   ones, in every process that compiles the same version, without serialising the answer first;
// - serialised answers are kept per outcome in one bounded LRU, so players who get the same values
//   share one string, and a 304 needs no serialisation at all.

/** A project's current version and running experiments compiled for delivery; every request reads it. */
export interface LiveDelivery {
  version: number;
  plan: LiveOutcomePlan;
  /** What the answer cache and the ETag are keyed by besides the outcome: the table's SHA-256 and the version. */
  identity: string;
}

export function compileLiveDelivery(version: number, snapshot: LiveConfigSnapshot, experiments: readonly LiveExperiment[] = []): LiveDelivery {
  const plan = compileLiveOutcomes(snapshot, experiments);
  return { version, plan, identity: `${createHash('sha256').update(plan.table).digest('base64url')}.${version}.` };
}

/** What a project that never published answers: no values, version 0. */
export const noLiveDelivery = compileLiveDelivery(0, { keys: [], events: [] });

/** A player's answer as the route needs it: the ETag always, the JSON when the cache has it. */
export interface LiveAnswer {
  outcome: string;
  etag: string;
  body: string | null;
}

/** The ETag of an outcome's answer: 27 base64url characters of SHA-256, quoted (RFC 9110 8.8.3). */
export function liveEtag(delivery: LiveDelivery, outcome: string): string {
  const hash = createHash('sha256').update(delivery.identity).update(outcome, 'utf16le');
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/** The answer's JSON: exactly `JSON.stringify({ values, experiments, version })` of `evaluateLiveAnswer`. */
export function liveAnswerBody(delivery: LiveDelivery, outcome: string): string {
  const experiments = delivery.plan.experiments.length === 0 ? '[]' : outcomeExperimentsJson(delivery.plan, outcome);
  return `{"values":${outcomeValuesJson(delivery.plan, outcome)},"experiments":${experiments},"version":${JSON.stringify(delivery.version)}}`;
}

/**
 * Bounds of the answer cache: answers kept, UTF-16 code units of their keys and JSON together
 * (about bytes, twice at most), and ETags remembered of answers serialised once.
 */
export interface LiveAnswerLimits {
  maxEntries: number;
  maxUnits: number;
  maxSeenOnce: number;
}

export const liveAnswerLimits: LiveAnswerLimits = { maxEntries: 10_000, maxUnits: 32 * 1024 * 1024, maxSeenOnce: 50_000 };

/**
 * The serialised answers of one server process, the least recently used out first. Keyed by
 * (table, version, outcome), never by project: equal tables and versions answer equal bytes. An
 * answer is kept from the second time it is serialised: with many rollouts most players have an
 * outcome of their own, and keeping each one's JSON would only feed the garbage collector.
 */
export class LiveAnswerCache {
  readonly #answers = new Map<string, { etag: string; body: string }>();
  /** ETags of answers serialised once and not kept, oldest first. */
  readonly #seenOnce = new Set<string>();
  #units = 0;

  constructor(private readonly limits: LiveAnswerLimits = liveAnswerLimits) {}

  /** The player's outcome, its ETag, and its JSON if kept. */
  find(delivery: LiveDelivery, player: PlayerContext, now: number): LiveAnswer {
    const outcome = liveOutcome(delivery.plan, player, now);
    const key = delivery.identity + outcome;
    const kept = this.#answers.get(key);
    if (!kept) return { outcome, etag: liveEtag(delivery, outcome), body: null };
    // The most recently used goes last.
    this.#answers.delete(key);
    this.#answers.set(key, kept);
    return { outcome, etag: kept.etag, body: kept.body };
  }

  /** The answer's JSON: kept, or serialised now (and kept if it was serialised once before). */
  body(delivery: LiveDelivery, answer: LiveAnswer): string {
    if (answer.body !== null) return answer.body;
    const body = liveAnswerBody(delivery, answer.outcome);
    if (this.#seenOnce.delete(answer.etag)) {
      const key = delivery.identity + answer.outcome;
      this.#answers.set(key, { etag: answer.etag, body });
      this.#units += key.length + body.length;
      for (const [oldest, { body: dropped }] of this.#answers) {
        if (this.#answers.size <= this.limits.maxEntries && this.#units <= this.limits.maxUnits) break;
        this.#answers.delete(oldest);
        this.#units -= oldest.length + dropped.length;
      }
    } else {
      this.#seenOnce.add(answer.etag);
      if (this.#seenOnce.size > this.limits.maxSeenOnce) for (const oldest of this.#seenOnce) {
        this.#seenOnce.delete(oldest);
        break;
      }
    }
    return body;
  }

  get size(): number {
    return this.#answers.size;
  }

  get units(): number {
    return this.#units;
  }
}
