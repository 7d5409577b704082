// The key editor's fields and what they make (issue 15): a key with its rules in order. Errors come
// from the shared schema (liveKeySchema) and value checks, keyed by the schema's path, like
// "rules.0.value", so each message shows next to its field.
import { liveKeySchema, type LiveKey } from '@questboard/shared/live-config';
import type { LiveValueType } from '@questboard/shared/live-value';

import type { LiveKeyBody } from '../api/live-mutations';
import { errorsByPath, type FieldErrors } from '../../../lib/field-errors';
import { type ConditionFields, conditionFromFields, fieldsFromCondition } from '../../../lib/live-config/condition-form';
import { parseValueText, valueToText } from '../../../lib/live-config/value-text';

export interface RuleFields {
  /** The server's id of a saved rule (keeps its rollout salt); undefined for a new one. */
  id: string | undefined;
  /** React's key for the row: stays with the rule as it moves. */
  rowKey: string;
  conditions: ConditionFields[];
  /** Percent of the matching players, '' for all of them. */
  rollout: string;
  value: string;
}

export interface KeyFields {
  name: string;
  type: LiveValueType;
  defaultValue: string;
  description: string;
  rules: RuleFields[];
}

let rowCount = 0;
export const newRowKey = () => `row-${(rowCount += 1)}`;

export function emptyKeyFields(): KeyFields {
  return { name: '', type: 'string', defaultValue: '', description: '', rules: [] };
}

export function newRule(type: LiveValueType): RuleFields {
  return { id: undefined, rowKey: newRowKey(), conditions: [], rollout: '', value: type === 'boolean' ? 'true' : '' };
}

export function keyFieldsOf(key: LiveKey): KeyFields {
  return {
    name: key.name,
    type: key.type,
    defaultValue: valueToText(key.type, key.defaultValue),
    description: key.description,
    rules: key.rules.map((rule) => ({
      id: rule.id,
      rowKey: newRowKey(),
      conditions: rule.conditions.map(fieldsFromCondition),
      rollout: rule.rollout ? String(rule.rollout.percentage) : '',
      value: valueToText(key.type, rule.value),
    })),
  };
}

/** Moves the item at `index` one place up (-1) or down (+1); the same list when it cannot move. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const moved = [...items];
  [moved[index], moved[target]] = [moved[target] as T, moved[index] as T];
  return moved;
}

function percentage(text: string): number | string | null {
  const trimmed = text.trim().replace(/%$/u, '');
  if (trimmed === '') return null;
  const number = Number(trimmed);
  // Not a number: the schema's own message says so.
  return Number.isFinite(number) ? number : trimmed;
}

/** The request body the fields make, or the messages to show: nothing goes out with a known problem. */
export function buildKey(fields: KeyFields): { ok: true; body: LiveKeyBody } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parsedDefault = parseValueText(fields.type, fields.defaultValue);
  if (!parsedDefault.ok) errors.defaultValue = parsedDefault.message;
  const rules = fields.rules.map((rule, index) => {
    const parsed = parseValueText(fields.type, rule.value);
    if (!parsed.ok) errors[`rules.${index}.value`] = parsed.message;
    const rollout = percentage(rule.rollout);
    return {
      id: rule.id,
      conditions: rule.conditions.map(conditionFromFields),
      rollout: rollout === null ? null : { percentage: rollout },
      value: parsed.ok ? parsed.value : undefined,
    };
  });
  const candidate = {
    name: fields.name,
    type: fields.type,
    defaultValue: parsedDefault.ok ? parsedDefault.value : undefined,
    description: fields.description,
    // The schema needs an id and a salt; the server gives new rules theirs.
    rules: rules.map((rule, index) => ({ ...rule, id: rule.id ?? `new-${index}`, rollout: rule.rollout && { ...rule.rollout, salt: 'new' } })),
  };
  const parsed = liveKeySchema.safeParse(candidate);
  if (!parsed.success) for (const [path, message] of Object.entries(errorsByPath(parsed.error.issues))) errors[path] ??= message;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return {
    ok: true,
    body: {
      name: parsed.data.name,
      type: parsed.data.type,
      defaultValue: parsed.data.defaultValue,
      description: parsed.data.description,
      rules: parsed.data.rules.map((rule, index) => ({
        ...(rules[index]?.id === undefined ? {} : { id: rule.id }),
        conditions: rule.conditions,
        rollout: rule.rollout && { percentage: rule.rollout.percentage },
        value: rule.value,
      })),
    },
  };
}
