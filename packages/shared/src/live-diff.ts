import type { LiveConfigSnapshot, LiveEvent, LiveKey, LiveRule } from './live-config';

// What changed between two live configs (issue 15): the version history shows it, and the web
// renders these lists as they are. Keys are matched by name, rules and live events by id.

export type KeyField = 'type' | 'defaultValue' | 'description';
export type EventField = 'name' | 'startsAt' | 'endsAt' | 'conditions' | 'overrides';

export type RuleChange =
  | { id: string; change: 'added'; after: { index: number; rule: LiveRule } }
  | { id: string; change: 'removed'; before: { index: number; rule: LiveRule } }
  /** `changed` may also have moved; `moved` alone kept its content. */
  | {
      id: string;
      change: 'changed' | 'moved';
      before: { index: number; rule: LiveRule };
      after: { index: number; rule: LiveRule };
    };

export type KeyChange =
  | { name: string; change: 'added'; after: LiveKey }
  | { name: string; change: 'removed'; before: LiveKey }
  | { name: string; change: 'changed'; before: LiveKey; after: LiveKey; fields: KeyField[]; rules: RuleChange[] };

export type EventChange =
  | { id: string; name: string; change: 'added'; after: LiveEvent }
  | { id: string; name: string; change: 'removed'; before: LiveEvent }
  | { id: string; name: string; change: 'changed'; before: LiveEvent; after: LiveEvent; fields: EventField[] };

export interface LiveConfigDiff {
  keys: KeyChange[];
  events: EventChange[];
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` compare equal. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b);

function diffRules(before: readonly LiveRule[], after: readonly LiveRule[]): RuleChange[] {
  const changes: RuleChange[] = [];
  const afterById = new Map(after.map((rule, index) => [rule.id, { index, rule }]));
  const beforeById = new Map(before.map((rule, index) => [rule.id, { index, rule }]));
  before.forEach((rule, index) => {
    const now = afterById.get(rule.id);
    if (!now) changes.push({ id: rule.id, change: 'removed', before: { index, rule } });
    else if (!same(rule, now.rule))
      changes.push({ id: rule.id, change: 'changed', before: { index, rule }, after: now });
    else if (index !== now.index) changes.push({ id: rule.id, change: 'moved', before: { index, rule }, after: now });
  });
  after.forEach((rule, index) => {
    if (!beforeById.has(rule.id)) changes.push({ id: rule.id, change: 'added', after: { index, rule } });
  });
  return changes;
}

function diffKeys(before: readonly LiveKey[], after: readonly LiveKey[]): KeyChange[] {
  const changes: KeyChange[] = [];
  const afterByName = new Map(after.map((key) => [key.name, key]));
  const beforeNames = new Set(before.map((key) => key.name));
  for (const old of before) {
    const now = afterByName.get(old.name);
    if (!now) {
      changes.push({ name: old.name, change: 'removed', before: old });
      continue;
    }
    const fields = (['type', 'defaultValue', 'description'] as const).filter((field) => !same(old[field], now[field]));
    const rules = diffRules(old.rules, now.rules);
    if (fields.length > 0 || rules.length > 0)
      changes.push({ name: old.name, change: 'changed', before: old, after: now, fields, rules });
  }
  for (const now of after)
    if (!beforeNames.has(now.name)) changes.push({ name: now.name, change: 'added', after: now });
  return changes;
}

function diffEvents(before: readonly LiveEvent[], after: readonly LiveEvent[]): EventChange[] {
  const changes: EventChange[] = [];
  const afterById = new Map(after.map((event) => [event.id, event]));
  const beforeIds = new Set(before.map((event) => event.id));
  for (const old of before) {
    const now = afterById.get(old.id);
    if (!now) {
      changes.push({ id: old.id, name: old.name, change: 'removed', before: old });
      continue;
    }
    const fields = (['name', 'startsAt', 'endsAt', 'conditions', 'overrides'] as const).filter(
      (field) => !same(old[field], now[field]),
    );
    if (fields.length > 0)
      changes.push({ id: old.id, name: now.name, change: 'changed', before: old, after: now, fields });
  }
  for (const now of after)
    if (!beforeIds.has(now.id)) changes.push({ id: now.id, name: now.name, change: 'added', after: now });
  return changes;
}

/** Everything that differs from `before` to `after`: removed and changed in `before`'s order, then added in `after`'s. */
export function diffLiveConfig(before: LiveConfigSnapshot, after: LiveConfigSnapshot): LiveConfigDiff {
  return { keys: diffKeys(before.keys, after.keys), events: diffEvents(before.events, after.events) };
}
