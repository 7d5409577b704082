import { PROPERTY_STRING_MAX_LENGTH, cleanProperties, textProblem } from './event-rules';
import type { EventProperties } from './types';

// Typed helpers for the game events Questboard's level and economy pages read (issue 17): the
// names and properties of docs/product/metrics.md#game-events, exactly. A value the pages could
// not count is refused with a warning, never thrown into the game.

/** A level: a number, or a name of 1 to 1024 characters. Levels sort numerically when all are numbers. */
export type Level = number | string;

export interface LevelResult {
  /** The score reached: a finite number. */
  score?: number;
  /** Seconds spent on the attempt: a finite number of 0 or more. */
  duration_s?: number;
  /** Any other flat properties. */
  properties?: EventProperties;
}

export interface Progression {
  /** Queues `level_start` with `properties.level`. */
  start(level: Level, properties?: EventProperties): void;
  /** Queues `level_complete` with `properties.level`, and `score` and `duration_s` when given. */
  complete(level: Level, result?: LevelResult): void;
  /** Queues `level_fail` with `properties.level`, and `score` and `duration_s` when given. */
  fail(level: Level, result?: LevelResult): void;
}

export interface ResourceDetails {
  /** The player's balance of this currency after the change: a finite number. */
  balance?: number;
  /** Any other flat properties (a `level`, say, when the game knows it better than the last level event). */
  properties?: EventProperties;
}

export interface Economy {
  /**
   * Queues a `resource` event with `flow: 'source'`: the player gained `amount` (a finite number
   * above 0) of the virtual currency `currency` (1 to 64 characters), from `itemType`/`itemId`
   * (say 'level_reward', 'level_12').
   */
  source(currency: string, amount: number, itemType?: string, itemId?: string, details?: ResourceDetails): void;
  /** The same with `flow: 'sink'`: the player spent `amount` on `itemType`/`itemId` (say 'boosters', 'bomb'). */
  sink(currency: string, amount: number, itemType?: string, itemId?: string, details?: ResourceDetails): void;
}

export const VIRTUAL_CURRENCY_MAX_LENGTH = 64;

function levelProblem(level: unknown): string | undefined {
  if (typeof level === 'number') return Number.isFinite(level) ? undefined : 'level must be a finite number or a name';
  return textProblem('level', level, PROPERTY_STRING_MAX_LENGTH);
}

function amountProblem(amount: unknown): string | undefined {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return 'amount must be a finite number';
  return amount > 0 ? undefined : 'amount must be above 0';
}

/** The game events, queued through `send` (the client's track); `warn` reports what was refused. */
export function gameEvents(send: (name: string, properties: EventProperties) => void, warn: (message: string) => void): { progression: Progression; economy: Economy } {
  const guard = (call: string, action: () => void) => {
    try {
      action();
    } catch (error) {
      warn(`${call} failed (${error instanceof Error ? error.message : String(error)}); the game goes on`);
    }
  };
  /** Extra properties first, so the helper's own keys always win. */
  const merged = (call: string, extra: EventProperties | undefined, own: EventProperties): EventProperties => {
    const cleaned = cleanProperties(extra);
    for (const message of cleaned.problems) warn(`${call}: ${message}`);
    return { ...cleaned.properties, ...own };
  };
  /** A finite number option, or left out with a warning. */
  const numberOption = (call: string, key: string, value: unknown, min = -Infinity): EventProperties => {
    if (value === undefined) return {};
    if (typeof value === 'number' && Number.isFinite(value) && value >= min) return { [key]: value };
    warn(`${call}: ${key} must be a finite number${min === 0 ? ' of 0 or more' : ''}; it was left out`);
    return {};
  };

  const level = (name: string, call: string) => (value: Level, result?: LevelResult | EventProperties, withResult = true) => {
    guard(call, () => {
      const problem = levelProblem(value);
      if (problem !== undefined) {
        warn(`${call}: ${problem}; the event is dropped`);
        return;
      }
      if (!withResult) {
        send(name, merged(call, result as EventProperties | undefined, { level: value }));
        return;
      }
      const { score, duration_s: duration, properties } = (result ?? {}) as LevelResult;
      send(name, merged(call, properties, { level: value, ...numberOption(call, 'score', score), ...numberOption(call, 'duration_s', duration, 0) }));
    });
  };
  const start = level('level_start', 'progression.start');
  const complete = level('level_complete', 'progression.complete');
  const fail = level('level_fail', 'progression.fail');

  const resource = (flow: 'source' | 'sink') => (currency: string, amount: number, itemType?: string, itemId?: string, details?: ResourceDetails) => {
    const call = `economy.${flow}`;
    guard(call, () => {
      const problem =
        textProblem('currency', currency, VIRTUAL_CURRENCY_MAX_LENGTH) ??
        amountProblem(amount) ??
        (itemType === undefined ? undefined : textProblem('itemType', itemType, PROPERTY_STRING_MAX_LENGTH)) ??
        (itemId === undefined ? undefined : textProblem('itemId', itemId, PROPERTY_STRING_MAX_LENGTH));
      if (problem !== undefined) {
        warn(`${call}: ${problem}; the event is dropped`);
        return;
      }
      send(
        'resource',
        merged(call, details?.properties, {
          flow,
          virtual_currency: currency,
          amount,
          ...(itemType === undefined ? {} : { item_type: itemType }),
          ...(itemId === undefined ? {} : { item_id: itemId }),
          ...numberOption(call, 'balance', details?.balance),
        }),
      );
    });
  };

  return {
    progression: {
      start: (value, properties) => start(value, properties, false),
      complete: (value, result) => complete(value, result),
      fail: (value, result) => fail(value, result),
    },
    economy: { source: resource('source'), sink: resource('sink') },
  };
}

/** What a client that sends nothing offers. */
export const inertGameEvents: { progression: Progression; economy: Economy } = {
  progression: { start: () => undefined, complete: () => undefined, fail: () => undefined },
  economy: { source: () => undefined, sink: () => undefined },
};
