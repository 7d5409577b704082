// docs/product/live-ops.md#conditions: what a rule or a live event's targeting can ask of a player.
// Every condition of a list must match; a condition about something the player did not send never does.
import { z } from 'zod';
import { isIsoDay } from './analytics-view';
import { isDatabaseText } from './database-text';
import { versionRangeError } from './semver-range';

/** Lists (platforms, countries, `in` values) hold at most this many entries. */
export const LIVE_LIST_MAX = 100;
export const LIVE_PROPERTY_NAME_MAX = 64;
export const LIVE_PROPERTY_TEXT_MAX = 1024;

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const noControl = /^[^\u0000-\u001F\u007F]*$/;

const platformName = z
  .string({ error: 'A platform must be text, like ios' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'A platform must not be empty', abort: true })
  // The length events allow (docs/product/http-contract.md#ingestion).
  .max(32, { error: 'A platform must be at most 32 characters', abort: true })
  .regex(noControl, { error: 'A platform must not contain control characters', abort: true })
  .refine(isDatabaseText, { error: 'A platform must not contain NUL characters or broken Unicode', abort: true });

const countryCode = z
  .string({ error: 'A country must be a two-letter ISO 3166-1 code, like DE' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { error: 'A country must be a two-letter ISO 3166-1 code, like DE', abort: true })
  .toUpperCase();

function list<T extends z.ZodType>(item: T, what: string) {
  return z
    .array(item, { error: `Give a list of ${what}` })
    .min(1, { error: `Give at least one of the ${what}` })
    .max(LIVE_LIST_MAX, { error: `Give at most ${LIVE_LIST_MAX} ${what}` });
}

export const platformConditionSchema = z.object({ kind: z.literal('platform'), values: list(platformName, 'platforms') });
export const countryConditionSchema = z.object({ kind: z.literal('country'), values: list(countryCode, 'countries') });

export const appVersionConditionSchema = z.object({
  kind: z.literal('app_version'),
  range: z.string({ error: 'Enter a version range, like >=1.2.0' }).trim().superRefine((range, context) => {
    const message = versionRangeError(range);
    if (message) context.addIssue({ code: 'custom', message, input: range });
  }),
});

export const livePropertyOperators = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'contains'] as const;
export type LivePropertyOperator = (typeof livePropertyOperators)[number];
/** A player property as the game sends it, and a value a property condition compares with. */
export type LiveScalar = string | number | boolean;

function isScalar(value: unknown): value is LiveScalar {
  if (typeof value === 'string') return value.length <= LIVE_PROPERTY_TEXT_MAX && isDatabaseText(value);
  return typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** The message for a property condition's value that does not fit its operator, or null. */
export function propertyValueError(operator: LivePropertyOperator, value: unknown): string | null {
  switch (operator) {
    case 'eq':
    case 'ne':
      return isScalar(value) ? null : `Compare with text (at most ${LIVE_PROPERTY_TEXT_MAX} characters), a number, true or false`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return typeof value === 'number' && Number.isFinite(value) ? null : `The operator ${operator} compares with a number`;
    case 'in':
      if (!Array.isArray(value) || value.length === 0 || value.length > LIVE_LIST_MAX || !value.every(isScalar)) {
        return `The operator in needs a list of 1 to ${LIVE_LIST_MAX} texts, numbers, true or false`;
      }
      return null;
    case 'contains':
      return typeof value === 'string' && value !== '' && isScalar(value)
        ? null
        : `The operator contains needs text of 1 to ${LIVE_PROPERTY_TEXT_MAX} characters`;
  }
}

export const livePropertyNameSchema = z
  .string({ error: 'Enter the property name' })
  .trim()
  .min(1, { error: 'Enter the property name', abort: true })
  .max(LIVE_PROPERTY_NAME_MAX, { error: `A property name must be at most ${LIVE_PROPERTY_NAME_MAX} characters`, abort: true })
  .regex(noControl, { error: 'A property name must not contain control characters', abort: true })
  .refine(isDatabaseText, { error: 'A property name must not contain NUL characters or broken Unicode', abort: true });

export const propertyConditionSchema = z
  .object({
    kind: z.literal('property'),
    name: livePropertyNameSchema,
    operator: z.enum(livePropertyOperators, { error: `The operator must be one of ${livePropertyOperators.join(', ')}` }),
    value: z.unknown(),
  })
  .superRefine((condition, context) => {
    const message = propertyValueError(condition.operator, condition.value);
    if (message) context.addIssue({ code: 'custom', message, path: ['value'], input: condition.value });
  });

const installDay = z
  .string({ error: 'An install date must be a date as YYYY-MM-DD' })
  .refine(isIsoDay, { error: 'An install date must be a real calendar date as YYYY-MM-DD' });

/** Players whose `install_date` property (the UTC day of their first start) falls in [from, to], both inclusive. */
export const installDateConditionSchema = z
  .object({ kind: z.literal('install_date'), from: installDay.nullable().default(null), to: installDay.nullable().default(null) })
  .superRefine((condition, context) => {
    if (condition.from === null && condition.to === null) {
      context.addIssue({ code: 'custom', message: 'Give a first or a last install date, or both', path: ['from'], input: null });
    } else if (condition.from !== null && condition.to !== null && condition.from > condition.to) {
      context.addIssue({ code: 'custom', message: 'The last install date must not be before the first', path: ['to'], input: condition.to });
    }
  });

export const liveConditionKinds = ['platform', 'country', 'app_version', 'property', 'install_date'] as const;
export type LiveConditionKind = (typeof liveConditionKinds)[number];

export const liveConditionSchema = z.discriminatedUnion(
  'kind',
  [platformConditionSchema, countryConditionSchema, appVersionConditionSchema, propertyConditionSchema, installDateConditionSchema],
  { error: `A condition's kind must be one of ${liveConditionKinds.join(', ')}` },
);
export type LiveCondition = z.infer<typeof liveConditionSchema>;
