// A config value as the editor's text field holds it, and back. The field's text is parsed by the
// key's type; what the value may then be is the shared rule (validateLiveValue), with its message.
import { validateLiveValue, type LiveValueType } from '@questboard/shared/live-value';

export type ParsedValue = { ok: true; value: unknown } | { ok: false; message: string };

/** The text a field shows for `value` of a key of `type`. */
export function valueToText(type: LiveValueType, value: unknown): string {
  if (value === undefined) return '';
  if (type === 'string' && typeof value === 'string') return value;
  if (type === 'json') return JSON.stringify(value, null, 2);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The value a field's text stands for, checked against the key's type with the shared message. */
export function parseValueText(type: LiveValueType, text: string): ParsedValue {
  let value: unknown = text;
  if (type === 'number') {
    const trimmed = text.trim();
    if (trimmed === '') return { ok: false, message: 'A value is required' };
    const number = Number(trimmed);
    if (Number.isFinite(number)) value = number;
  } else if (type === 'boolean') {
    if (text === 'true') value = true;
    else if (text === 'false') value = false;
  } else if (type === 'json') {
    if (text.trim() === '') return { ok: false, message: 'A value is required' };
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { ok: false, message: `This is not valid JSON (${error instanceof Error ? error.message : 'parse error'})` };
    }
  }
  const message = validateLiveValue(type, value);
  return message ? { ok: false, message } : { ok: true, value };
}

/** A value in one short line, for lists and diffs. */
export function valueSummary(value: unknown, max = 60): string {
  // undefined has no JSON.
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
