// docs/product/live-ops.md#keys: a config key's four value types and what each accepts. One function
// gives the message the editor shows under the field and the server answers as a 400.
import { isDatabaseText } from './database-text';

export const liveValueTypes = ['string', 'number', 'boolean', 'json'] as const;
export type LiveValueType = (typeof liveValueTypes)[number];

/** A string or JSON value serialises to at most this many UTF-8 bytes. */
export const LIVE_VALUE_MAX_BYTES = 16 * 1024;
/** Arrays and objects inside a JSON value nest at most this deep. */
export const LIVE_JSON_MAX_DEPTH = 32;

const encoder = new TextEncoder();

type JsonProblem = 'not-json' | 'too-deep' | 'not-storable';

/** Walks a JSON value once: anything JSON.parse could not have produced, or nesting past the limit. */
function jsonProblem(value: unknown, depth: number): JsonProblem | null {
  if (value === null || typeof value === 'boolean') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'not-json';
  if (typeof value === 'string') return isDatabaseText(value) ? null : 'not-storable';
  if (typeof value !== 'object') return 'not-json';
  if (depth >= LIVE_JSON_MAX_DEPTH) return 'too-deep';
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return 'not-json';
  for (const [key, item] of Object.entries(value)) {
    if (!isDatabaseText(key)) return 'not-storable';
    const problem = jsonProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** The UTF-8 length of a value written as JSON. */
export function liveValueBytes(value: unknown): number {
  return encoder.encode(JSON.stringify(value)).length;
}

function sizeMessage(what: string, bytes: number): string | null {
  return bytes > LIVE_VALUE_MAX_BYTES
    ? `${what} is ${bytes} bytes; the limit is ${LIVE_VALUE_MAX_BYTES} bytes (16 KB)`
    : null;
}

const notStorable = 'The value must not contain NUL characters or broken Unicode (a lone surrogate)';

/**
 * Null when `value` fits a key of `type`, else a message saying what is wrong. Strings and JSON are
 * measured as UTF-8 JSON, the size players download.
 */
export function validateLiveValue(type: LiveValueType, value: unknown): string | null {
  if (value === undefined) return 'A value is required';
  switch (type) {
    case 'string':
      if (typeof value !== 'string') return 'The value must be text: the key is of type string';
      if (!isDatabaseText(value)) return notStorable;
      return sizeMessage('The text', encoder.encode(value).length);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'The value must be a number: the key is of type number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'The value must be true or false: the key is of type boolean';
    case 'json': {
      const problem = jsonProblem(value, 0);
      if (problem === 'not-json') return 'The value must be JSON: an object, array, string, number, true, false or null';
      if (problem === 'too-deep') return `The JSON value nests deeper than ${LIVE_JSON_MAX_DEPTH} levels`;
      if (problem === 'not-storable') return notStorable;
      return sizeMessage('The JSON value', liveValueBytes(value));
    }
  }
}
