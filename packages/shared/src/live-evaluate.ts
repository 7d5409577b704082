// docs/product/live-ops.md#evaluation and ADR 020: what one player gets from a published configuration.
// Per key: an active live event whose targeting matches the player overrides it (of several, the one
// that started latest, then the smaller id); else the first rule whose conditions all match and whose
// rollout takes the player; else the key's default.
import { isIsoDay } from './analytics-view';
import type { LiveCondition, LivePropertyOperator, LiveScalar } from './live-condition';
import type { LiveConfigSnapshot, LiveEvent, LiveKey, PlayerContext } from './live-config';
import { isInRollout } from './live-rollout';
import type { SemVer, VersionRange } from './semver';
import { parsePlayerVersion, versionInRange } from './semver';
import { parseVersionRange } from './semver-range';

/** A player as the matchers read it: platform lower case, country upper case, version parsed once. */
export interface Player {
  userId: string;
  platform: string | undefined;
  country: string | undefined;
  version: SemVer | null;
  properties: Record<string, unknown>;
  installDay: string | null;
}

export type Matcher = (player: Player) => boolean;

// Only these two forms: Date.parse reads other text differently from one runtime to the next.
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** The UTC day of the player's `install_date` property (YYYY-MM-DD, or an ISO date-time with a zone), or null. */
function installDayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (DAY.test(value)) return isIsoDay(value) ? value : null;
  if (!DATE_TIME.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

export function readPlayer(context: PlayerContext): Player {
  const properties: Record<string, unknown> = context.properties ?? {};
  return {
    userId: context.userId,
    platform: context.platform?.trim().toLowerCase(),
    country: context.country?.trim().toUpperCase(),
    version: context.appVersion === undefined ? null : parsePlayerVersion(context.appVersion),
    properties,
    installDay: installDayOf(properties.install_date),
  };
}

function compareProperty(operator: LivePropertyOperator, actual: unknown, expected: unknown): boolean {
  switch (operator) {
    case 'eq':
      return actual === expected;
    case 'ne':
      return actual !== expected;
    case 'gt':
      return typeof actual === 'number' && actual > (expected as number);
    case 'gte':
      return typeof actual === 'number' && actual >= (expected as number);
    case 'lt':
      return typeof actual === 'number' && actual < (expected as number);
    case 'lte':
      return typeof actual === 'number' && actual <= (expected as number);
    case 'in':
      return (expected as LiveScalar[]).includes(actual as LiveScalar);
    case 'contains':
      return typeof actual === 'string' && actual.includes(expected as string);
  }
}

/** One condition as a function of the player; pure, so its answer can be reused for every rule that asks the same. */
export function compileCondition(condition: LiveCondition): Matcher {
  switch (condition.kind) {
    case 'platform': {
      const platforms = new Set(condition.values);
      return (player) => player.platform !== undefined && platforms.has(player.platform);
    }
    case 'country': {
      const countries = new Set(condition.values);
      return (player) => player.country !== undefined && countries.has(player.country);
    }
    case 'app_version': {
      const parsed = parseVersionRange(condition.range);
      // The schema refuses such a range; should one get here, it matches nobody.
      const range: VersionRange | null = parsed.ok ? parsed.range : null;
      return (player) => range !== null && player.version !== null && versionInRange(player.version, range);
    }
    case 'property': {
      const { name, operator, value } = condition;
      return (player) => {
        // A property the game did not send matches no condition, ne included.
        const actual = Object.hasOwn(player.properties, name) ? player.properties[name] : undefined;
        return actual !== undefined && actual !== null && compareProperty(operator, actual, value);
      };
    }
    case 'install_date': {
      const { from, to } = condition;
      return (player) => player.installDay !== null && (from === null || from <= player.installDay) && (to === null || player.installDay <= to);
    }
  }
}

function allOf(conditions: LiveCondition[]): Matcher {
  const matchers = conditions.map(compileCondition);
  if (matchers.length === 0) return () => true;
  return (player) => {
    for (const matches of matchers) if (!matches(player)) return false;
    return true;
  };
}

interface CompiledKey {
  name: string;
  defaultValue: unknown;
  rules: { matches: Matcher; rollout: { percentage: number; salt: string } | null; value: unknown }[];
}

interface CompiledEvent {
  startsAt: number;
  endsAt: number;
  matches: Matcher;
  overrides: { key: string; value: unknown }[];
}

/** A published configuration made ready to evaluate many times: ranges parsed, events in priority order. */
export interface CompiledLiveConfig {
  keys: CompiledKey[];
  /** Latest start first, then the smaller id: the first active match overrides. */
  events: CompiledEvent[];
}

function compileKey(key: LiveKey): CompiledKey {
  return {
    name: key.name,
    defaultValue: key.defaultValue,
    rules: key.rules.map((rule) => ({ matches: allOf(rule.conditions), rollout: rule.rollout, value: rule.value })),
  };
}

/** Live events in the order they override: the latest start first, then the smaller id (code-unit order). */
export function byPriority(a: LiveEvent, b: LiveEvent): number {
  const start = Date.parse(b.startsAt) - Date.parse(a.startsAt);
  if (start !== 0) return start;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function compileLiveConfig(snapshot: LiveConfigSnapshot): CompiledLiveConfig {
  return {
    keys: snapshot.keys.map(compileKey),
    events: [...snapshot.events].sort(byPriority).map((event) => ({
      startsAt: Date.parse(event.startsAt),
      endsAt: Date.parse(event.endsAt),
      matches: allOf(event.conditions),
      overrides: event.overrides,
    })),
  };
}

/** The values one player gets at `now` (epoch milliseconds), key by key. */
export function evaluateCompiledLiveConfig(config: CompiledLiveConfig, context: PlayerContext, now: number): Record<string, unknown> {
  const player = readPlayer(context);
  const overridden = new Map<string, unknown>();
  for (const event of config.events) {
    if (event.startsAt > now || now >= event.endsAt || !event.matches(player)) continue;
    for (const { key, value } of event.overrides) if (!overridden.has(key)) overridden.set(key, value);
  }
  // Plain loops: this runs for every key of every GET /live/v1/config (ADR 020).
  const values: Record<string, unknown> = {};
  for (const key of config.keys) {
    let value = key.defaultValue;
    if (overridden.has(key.name)) value = overridden.get(key.name);
    else {
      for (const rule of key.rules) {
        if (rule.matches(player) && (rule.rollout === null || isInRollout(player.userId, rule.rollout))) {
          value = rule.value;
          break;
        }
      }
    }
    // A key named __proto__ must be a value like any other, not the object's prototype.
    if (key.name === '__proto__') Object.defineProperty(values, key.name, { value, enumerable: true, writable: true, configurable: true });
    else values[key.name] = value;
  }
  return values;
}

/** The values one player gets at `now` (epoch milliseconds); compile once to evaluate a configuration often. */
export function evaluateLiveConfig(snapshot: LiveConfigSnapshot, player: PlayerContext, now: number): Record<string, unknown> {
  return evaluateCompiledLiveConfig(compileLiveConfig(snapshot), player, now);
}
