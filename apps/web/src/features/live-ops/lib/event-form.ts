// The live event editor's fields and what they make: a name, a UTC window, who it is for and the
// keys it overrides. The shared schema (liveEventSchema) and value checks give the messages.
import { liveEventSchema, type LiveEvent, type LiveKey } from '@questboard/shared/live-config';
import type { LiveEventInput } from '@questboard/shared/live-api';

import { type ConditionFields, conditionFromFields, fieldsFromCondition } from '../../../lib/live-config/condition-form';
import { type FieldErrors, errorsByPath } from '../../../lib/field-errors';
import { newRowKey } from './key-form';
import { parseValueText, valueToText } from '../../../lib/live-config/value-text';

export interface OverrideFields {
  rowKey: string;
  key: string;
  value: string;
}

export interface EventFields {
  name: string;
  /** As a datetime-local field holds it, YYYY-MM-DDTHH:mm, read as UTC. */
  startsAt: string;
  endsAt: string;
  conditions: ConditionFields[];
  overrides: OverrideFields[];
}

/** An instant as a datetime-local field shows it in UTC: 2026-10-30T00:00. */
export function utcFieldText(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 16);
}

/** A datetime-local field's text read as UTC; other text is left for the schema to refuse. */
export function utcInstantOf(text: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/u.test(text) ? `${text}:00Z` : text;
}

export function emptyEventFields(now: Date, firstKey: string | undefined): EventFields {
  // Tomorrow at 00:00 UTC for a week: a typical live event, easy to adjust.
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const end = new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000);
  return {
    name: '',
    startsAt: utcFieldText(start.toISOString()),
    endsAt: utcFieldText(end.toISOString()),
    conditions: [],
    overrides: [{ rowKey: newRowKey(), key: firstKey ?? '', value: '' }],
  };
}

export function eventFieldsOf(event: LiveEvent, keys: readonly LiveKey[]): EventFields {
  const typeOf = (name: string) => keys.find((key) => key.name === name)?.type ?? 'json';
  return {
    name: event.name,
    startsAt: utcFieldText(event.startsAt),
    endsAt: utcFieldText(event.endsAt),
    conditions: event.conditions.map(fieldsFromCondition),
    overrides: event.overrides.map((override) => ({ rowKey: newRowKey(), key: override.key, value: valueToText(typeOf(override.key), override.value) })),
  };
}

/** The request body the fields make, or the messages to show next to the fields. */
export function buildEvent(fields: EventFields, keys: readonly LiveKey[]): { ok: true; body: LiveEventInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const overrides = fields.overrides.map((override, index) => {
    const key = keys.find((candidate) => candidate.name === override.key);
    if (!key) {
      errors[`overrides.${index}.key`] = 'Choose a key to override';
      return { key: override.key, value: undefined };
    }
    const parsed = parseValueText(key.type, override.value);
    if (!parsed.ok) errors[`overrides.${index}.value`] = parsed.message;
    return { key: override.key, value: parsed.ok ? parsed.value : null };
  });
  const candidate = {
    id: 'new',
    name: fields.name,
    startsAt: utcInstantOf(fields.startsAt),
    endsAt: utcInstantOf(fields.endsAt),
    conditions: fields.conditions.map(conditionFromFields),
    overrides,
  };
  const parsed = liveEventSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const [path, message] of Object.entries(errorsByPath(parsed.error.issues))) errors[path] ??= message;
    // The schema checks the window only once every field passes: ask about it alone too, so
    // "the end must be after the start" shows with the other messages, not after them.
    const window = liveEventSchema.safeParse({ ...candidate, name: 'window', conditions: [], overrides: [{ key: 'window', value: 0 }] });
    const endsAt = window.success ? undefined : errorsByPath(window.error.issues).endsAt;
    if (endsAt !== undefined) errors.endsAt ??= endsAt;
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  const { id: _id, ...body } = parsed.data;
  return { ok: true, body };
}
