import type { EventProperties, PropertyValue } from './types';

// The cheap checks of the server's event schema (packages/shared/src/events.ts), with its messages.
// The SDK is dependency-free, so it cannot import that schema: event-rules.test.ts runs both on the
// same inputs and fails when they disagree.

export const MAX_EVENTS_PER_BATCH = 1000;
export const MAX_BATCH_BYTES = 1024 * 1024;
export const EVENT_NAME_MAX_LENGTH = 128;
export const USER_ID_MAX_LENGTH = 256;
export const CONTEXT_FIELD_MAX_LENGTH = 32;
export const PRODUCT_ID_MAX_LENGTH = 128;
export const MAX_PROPERTIES = 50;
export const PROPERTY_KEY_MAX_LENGTH = 64;
export const PROPERTY_STRING_MAX_LENGTH = 1024;
export const REVENUE_MAX = 1_000_000;

// eslint-disable-next-line no-control-regex -- refusing them is the point
const controlCharacter = /[\u0000-\u001F\u007F]/;

/** Why `value` is not a valid text field, or undefined when it is. */
export function textProblem(field: string, value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return `${field} must be a string`;
  if (value.length === 0) return `${field} must not be empty`;
  if (value.length > max) return `${field} must be at most ${max} characters`;
  if (controlCharacter.test(value)) return `${field} must not contain control characters`;
  return undefined;
}

export function countryProblem(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z]{2}$/.test(value)
    ? undefined
    : 'country must be a two-letter ISO 3166-1 code, like DE';
}

export function currencyProblem(value: unknown): string | undefined {
  return typeof value === 'string' && /^[A-Za-z]{3}$/.test(value)
    ? undefined
    : 'currency must be a three-letter ISO 4217 code, like USD';
}

export function revenueProblem(value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'revenue_amount must be a number';
  if (value < 0) return 'revenue_amount must not be negative';
  if (value > REVENUE_MAX) return `revenue_amount must be at most ${REVENUE_MAX}`;
  return undefined;
}

function isPropertyValue(value: unknown): value is PropertyValue {
  if (typeof value === 'string') return value.length <= PROPERTY_STRING_MAX_LENGTH;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'boolean' || value === null;
}

/**
 * The properties the server will accept, and a message for each one left out. Rather than lose the
 * whole event to one bad property, the SDK drops that property and sends the rest.
 */
export function cleanProperties(input: unknown): { properties: EventProperties | undefined; problems: string[] } {
  if (input === undefined) return { properties: undefined, problems: [] };
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { properties: undefined, problems: ['properties must be an object; they were left out'] };
  }
  const kept: [string, PropertyValue][] = [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (key.length === 0 || key.length > PROPERTY_KEY_MAX_LENGTH || controlCharacter.test(key)) {
      problems.push(
        `property key "${key.slice(0, 64)}" must be 1 to 64 characters without control characters; it was left out`,
      );
    } else if (!isPropertyValue(value)) {
      problems.push(
        `property "${key}" must be a string (at most 1024 characters), a finite number, true, false or null; it was left out`,
      );
    } else if (kept.length === MAX_PROPERTIES) {
      problems.push(`properties must have at most ${MAX_PROPERTIES} keys; "${key}" was left out`);
    } else {
      kept.push([key, value]);
    }
  }
  // fromEntries defines own properties, so a key like "__proto__" stays a plain key.
  return { properties: kept.length > 0 ? Object.fromEntries(kept) : undefined, problems };
}
