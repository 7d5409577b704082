// ADR 021 ("Delivery"): the published configuration compiled once per version for GET /live/v1/config.
// It gives exactly what `evaluateLiveConfig` gives (docs/product/live-ops.md#evaluation), in another
// form: an *outcome*, one code per key saying which of that key's possible values the player gets.
// Two players with the same outcome get the same bytes and two with different outcomes different
// bytes, so a server can keep the serialised answer per outcome and derive its ETag from it.
// live-outcome.test.ts compares both forms over seeded random configurations and players.
import type { LiveCondition } from './live-condition';
import type { LiveConfigSnapshot, PlayerContext } from './live-config';
import { byPriority, compileCondition, readPlayer, type Matcher, type Player } from './live-evaluate';
import { assignVariant, type ExperimentAllocation } from './experiments-assignment';
import { allocationOf, controlledKeys, experimentsInOrder, keyTypes, overrideApplies, type LiveExperiment } from './live-experiments';
import { ROLLOUT_BUCKETS, rolloutBucketAfter, rolloutInput, rolloutSaltPrefix, type RolloutSaltPrefix } from './live-rollout';

// Each part keeps its answer for the request under way (`stamp`): evaluation is synchronous, and a
// condition or salt shared by many rules is then checked or hashed once per request.

interface ConditionCell {
  matches: Matcher;
  stamp: number;
  holds: boolean;
}

/** The leftover bytes of some salts' prefixes, followed by the player id's UTF-8, built once per request. */
interface RestCell {
  rest: Uint8Array;
  stamp: number;
  input: Uint8Array;
}

interface SaltCell {
  prefix: RolloutSaltPrefix;
  rest: RestCell;
  stamp: number;
  bucket: number;
}

interface PlanRule {
  conditions: ConditionCell[];
  /** Players whose bucket is below `threshold` (percentage × 100, rounded as `isInRollout` does) are in. */
  rollout: { threshold: number; salt: SaltCell } | null;
  /** The code of the rule's value among the key's possible values. */
  code: number;
}

interface PlanSlot {
  /** `"name":value` for each code, or '' for a value JSON leaves out. */
  pieces: string[];
  defaultCode: number;
  rules: PlanRule[];
  /** The code a live event gave this key in the request `overrideStamp`. */
  overrideStamp: number;
  overrideCode: number;
}

interface PlanEvent {
  startsAt: number;
  endsAt: number;
  conditions: ConditionCell[];
  /** In the event's order: of two overrides of one key, the first counts. */
  overrides: { slot: PlanSlot; code: number }[];
}

/** A running experiment (ADR 029): its targeting, allocation and each variant's overrides and answer. */
interface PlanExperiment {
  conditions: ConditionCell[];
  allocation: ExperimentAllocation;
  variants: { key: string; overrides: { slot: PlanSlot; code: number }[]; piece: string }[];
}

/** A published configuration compiled for delivery; `liveOutcome` reads it, many times. */
export interface LiveOutcomePlan {
  /** The keys in the order JSON writes the values object (integer-like names first, as JavaScript orders them). */
  slots: PlanSlot[];
  /** Latest start first, then the smaller id. */
  events: PlanEvent[];
  /** By key; each one's variant follows the keys' codes in the outcome (0: not in it, i + 1: variant i). */
  experiments: PlanExperiment[];
  /**
   * Everything an outcome can stand for, as text: the keys in order, each with its possible values.
   * Equal tables and equal outcomes give equal answers, so a server hashes it into the ETag.
   */
  table: string;
  stamp: number;
  /** The outcome being built, as UTF-16LE bytes. */
  codes: Uint8Array;
}

/**
 * An outcome's codes are UTF-16 code units below the surrogates (a decoder would replace those): far
 * more than a key can have, 1 + 50 rules + 500 events' values (live-config.ts).
 */
const MAX_CODES = 0xd800;
// Outcomes are decoded from bytes: one native call where a string built code by code costs ten times more.
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/** A condition's identity for sharing its answer: its JSON, with numbers JSON cannot write kept apart. */
function conditionIdentity(condition: LiveCondition): string {
  return JSON.stringify(condition, (_key, value: unknown) =>
    typeof value === 'number' && !Number.isFinite(value) ? `\u0000${String(value)}` : value,
  );
}

/** The keys' names in the order `JSON.stringify` writes the values object `evaluateLiveConfig` builds. */
function keyOrder(names: string[]): string[] {
  const probe: Record<string, true> = {};
  for (const name of names) Object.defineProperty(probe, name, { value: true, enumerable: true, writable: true, configurable: true });
  return Object.keys(probe);
}

/** The code of `value` among the slot's possible values, by its JSON text: equal text, equal code. */
function codeIn(slot: PlanSlot, name: string, codes: Map<string, number>, value: unknown): number {
  const json = JSON.stringify(value) as string | undefined;
  let code = codes.get(json ?? '');
  if (code === undefined) {
    code = slot.pieces.push(json === undefined ? '' : `${JSON.stringify(name)}:${json}`) - 1;
    if (code >= MAX_CODES) throw new Error(`The key ${name} has more possible values than a delivery can tell apart`);
    codes.set(json ?? '', code);
  }
  return code;
}

export function compileLiveOutcomes(snapshot: LiveConfigSnapshot, running: readonly LiveExperiment[] = []): LiveOutcomePlan {
  const conditionCells = new Map<string, ConditionCell>();
  const conditions = (list: LiveCondition[]) =>
    list.map((condition) => {
      const identity = conditionIdentity(condition);
      let cell = conditionCells.get(identity);
      if (cell === undefined) {
        cell = { matches: compileCondition(condition), stamp: 0, holds: false };
        conditionCells.set(identity, cell);
      }
      return cell;
    });
  const restCells = new Map<string, RestCell>();
  const saltCells = new Map<string, SaltCell>();
  const saltCell = (salt: string) => {
    let cell = saltCells.get(salt);
    if (cell === undefined) {
      const prefix = rolloutSaltPrefix(salt);
      const restKey = prefix.rest.join(',');
      let rest = restCells.get(restKey);
      if (rest === undefined) {
        rest = { rest: prefix.rest, stamp: 0, input: prefix.rest };
        restCells.set(restKey, rest);
      }
      cell = { prefix, rest, stamp: 0, bucket: 0 };
      saltCells.set(salt, cell);
    }
    return cell;
  };

  // The values object is written key by key, so a name given twice keeps its first place and its last key's value.
  const lastKey = new Map(snapshot.keys.map((key) => [key.name, key]));
  const slotsByName = new Map<string, { slot: PlanSlot; codes: Map<string, number> }>();
  const slots: PlanSlot[] = [];
  for (const name of keyOrder(snapshot.keys.map((key) => key.name))) {
    const key = lastKey.get(name);
    if (key === undefined) continue;
    const slot: PlanSlot = { pieces: [], defaultCode: 0, rules: [], overrideStamp: 0, overrideCode: 0 };
    const codes = new Map<string, number>();
    slot.defaultCode = codeIn(slot, name, codes, key.defaultValue);
    slot.rules = key.rules.map((rule) => ({
      conditions: conditions(rule.conditions),
      rollout: rule.rollout ? { threshold: Math.round(rule.rollout.percentage * 100), salt: saltCell(rule.rollout.salt) } : null,
      code: codeIn(slot, name, codes, rule.value),
    }));
    slots.push(slot);
    slotsByName.set(name, { slot, codes });
  }
  const events = [...snapshot.events].sort(byPriority).map((event) => ({
    startsAt: Date.parse(event.startsAt),
    endsAt: Date.parse(event.endsAt),
    conditions: conditions(event.conditions),
    // An override of a key that no longer exists is ignored, as the evaluation ignores it.
    overrides: event.overrides.flatMap(({ key, value }) => {
      const target = slotsByName.get(key);
      return target ? [{ slot: target.slot, code: codeIn(target.slot, key, target.codes, value) }] : [];
    }),
  }));
  const types = keyTypes(snapshot);
  const experiments = experimentsInOrder(running).map((experiment) => {
    const keys = controlledKeys(experiment, types);
    return {
      conditions: conditions(experiment.targeting),
      allocation: allocationOf(experiment),
      variants: experiment.variants.map((variant) => ({
        key: variant.key,
        // Overrides of a key the configuration no longer has, or of a value its type refuses, are ignored.
        overrides: variant.overrides.flatMap(({ key, value }) => {
          const target = slotsByName.get(key);
          return target && overrideApplies(types, key, value) ? [{ slot: target.slot, code: codeIn(target.slot, key, target.codes, value) }] : [];
        }),
        piece: JSON.stringify({ key: experiment.key, variant: variant.key, keys }),
      })),
    };
  });
  // JSON text never holds raw control characters, so these separators cannot be mistaken for it.
  const keysTable = slots.map((slot) => slot.pieces.join('\u0001')).join('\u0002');
  return {
    slots,
    events,
    experiments,
    // Without experiments the table is the keys' alone, as before experiments existed (the same ETags).
    table:
      experiments.length === 0
        ? keysTable
        : `${keysTable}\u0003${experiments.map((experiment) => experiment.variants.map((variant) => variant.piece).join('\u0001')).join('\u0002')}`,
    stamp: 0,
    codes: new Uint8Array((slots.length + experiments.length) * 2),
  };
}

function allHold(conditions: ConditionCell[], player: Player, stamp: number): boolean {
  for (const cell of conditions) {
    if (cell.stamp !== stamp) {
      cell.stamp = stamp;
      cell.holds = cell.matches(player);
    }
    if (!cell.holds) return false;
  }
  return true;
}

function inRollout(rollout: { threshold: number; salt: SaltCell }, userId: string, stamp: number): boolean {
  // Every bucket is in [0, 10000): no hash needed at 100% or 0%.
  if (rollout.threshold >= ROLLOUT_BUCKETS) return true;
  if (rollout.threshold <= 0) return false;
  const { salt } = rollout;
  if (salt.stamp !== stamp) {
    if (salt.rest.stamp !== stamp) {
      salt.rest.stamp = stamp;
      salt.rest.input = rolloutInput(salt.rest.rest, userId);
    }
    salt.stamp = stamp;
    salt.bucket = rolloutBucketAfter(salt.prefix, salt.rest.input);
  }
  return salt.bucket < rollout.threshold;
}

/** The next request's stamp; after 2³² requests every cell is reset rather than an old stamp taken for new. */
function nextStamp(plan: LiveOutcomePlan): number {
  plan.stamp = (plan.stamp + 1) >>> 0;
  if (plan.stamp !== 0) return plan.stamp;
  for (const slot of plan.slots) {
    slot.overrideStamp = 0;
    for (const rule of slot.rules) {
      for (const cell of rule.conditions) cell.stamp = 0;
      if (rule.rollout) rule.rollout.salt.stamp = rule.rollout.salt.rest.stamp = 0;
    }
  }
  for (const event of plan.events) for (const cell of event.conditions) cell.stamp = 0;
  for (const experiment of plan.experiments) for (const cell of experiment.conditions) cell.stamp = 0;
  plan.stamp = 1;
  return 1;
}

/**
 * The running experiments' variants of the player, written after the keys' codes; the overrides of
 * their variants are taken first, so no live event overrides them (evaluateLiveAnswer's precedence).
 */
function assignExperiments(plan: LiveOutcomePlan, player: Player, stamp: number): void {
  const { codes } = plan;
  let index = plan.slots.length * 2;
  for (const experiment of plan.experiments) {
    let code = 0;
    if (allHold(experiment.conditions, player, stamp)) {
      const key = assignVariant(player.userId, experiment.allocation);
      const position = key === null ? -1 : experiment.variants.findIndex((variant) => variant.key === key);
      const variant = experiment.variants[position];
      if (variant !== undefined) {
        code = position + 1;
        for (const { slot, code: value } of variant.overrides) {
          if (slot.overrideStamp === stamp) continue;
          slot.overrideStamp = stamp;
          slot.overrideCode = value;
        }
      }
    }
    codes[index++] = code & 0xff;
    codes[index++] = code >> 8;
  }
}

/**
 * What one player gets at `now` (epoch milliseconds), as an outcome: one UTF-16 code unit per key,
 * in the plan's key order, the value's code among the key's possible values, then one per running
 * experiment, its variant. The precedence of `evaluateLiveAnswer`: the player's variant's override
 * of the key, else the first active live event that matches and overrides it, else the first rule
 * whose conditions hold and whose rollout takes the player, else the default.
 */
export function liveOutcome(plan: LiveOutcomePlan, context: PlayerContext, now: number): string {
  const player = readPlayer(context);
  const stamp = nextStamp(plan);
  if (plan.experiments.length > 0) assignExperiments(plan, player, stamp);
  for (const event of plan.events) {
    if (event.startsAt > now || now >= event.endsAt || !allHold(event.conditions, player, stamp)) continue;
    for (const { slot, code } of event.overrides) {
      if (slot.overrideStamp === stamp) continue;
      slot.overrideStamp = stamp;
      slot.overrideCode = code;
    }
  }
  const { codes } = plan;
  let index = 0;
  for (const slot of plan.slots) {
    let code = slot.defaultCode;
    if (slot.overrideStamp === stamp) code = slot.overrideCode;
    else {
      for (const rule of slot.rules) {
        if (allHold(rule.conditions, player, stamp) && (rule.rollout === null || inRollout(rule.rollout, player.userId, stamp))) {
          code = rule.code;
          break;
        }
      }
    }
    // Little-endian whatever the machine, so the same player has the same outcome everywhere.
    codes[index++] = code & 0xff;
    codes[index++] = code >> 8;
  }
  return utf16.decode(codes);
}

/** The values object of an outcome, serialised: exactly `JSON.stringify(evaluateLiveConfig(…))` for that player. */
export function outcomeValuesJson(plan: LiveOutcomePlan, outcome: string): string {
  let json = '';
  plan.slots.forEach((slot, index) => {
    const piece = slot.pieces[outcome.charCodeAt(index)] ?? '';
    if (piece !== '') json += json === '' ? piece : `,${piece}`;
  });
  return `{${json}}`;
}

/** The experiments of an outcome, serialised: exactly `JSON.stringify(evaluateLiveAnswer(…).experiments)` for that player. */
export function outcomeExperimentsJson(plan: LiveOutcomePlan, outcome: string): string {
  let json = '';
  const first = plan.slots.length;
  plan.experiments.forEach((experiment, index) => {
    const code = outcome.charCodeAt(first + index);
    const piece = code > 0 ? experiment.variants[code - 1]?.piece : undefined;
    if (piece !== undefined) json += json === '' ? piece : `,${piece}`;
  });
  return `[${json}]`;
}
