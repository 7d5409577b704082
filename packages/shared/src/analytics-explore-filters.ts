import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';

// The explorer's property filters and extra series (issue 17, ADR 026). A filter keeps the events
// whose property `key` satisfies `op`; a chart's series each have their own filters, all combined
// with the page's platform, country and version filters. In a query string both travel as JSON
// (`filters=[…]`, `series=[…]`) so any key and value text survives; a pinned chart stores them as
// arrays.

const propertyKeyCharacters = /^[A-Za-z0-9_.\-$ ]*$/u;
export const PROPERTY_KEY_MAX = 64;
export const propertyKeyRule = 'letters, digits, _ . - $ and spaces';

/** A property key the explorer can measure, break down or filter by (the web offers only these: the server refuses others). */
export const isPropertyKey = (value: string) => value !== '' && value.length <= PROPERTY_KEY_MAX && propertyKeyCharacters.test(value);

/** The shared property-key rule, for a field named `name`. */
export const propertyKey = (name: string) =>
  z
    .string({ error: `${name} must be a property key` })
    .min(1, { error: `${name} must be a property key`, abort: true })
    .max(PROPERTY_KEY_MAX, { error: `${name} must be at most ${PROPERTY_KEY_MAX} characters`, abort: true })
    .regex(propertyKeyCharacters, { error: `${name} must be a property key (${propertyKeyRule})` });

export const propertyOperators = ['eq', 'neq', 'in', 'gt', 'gte', 'lt', 'lte', 'set', 'not_set'] as const;
export type PropertyOperator = (typeof propertyOperators)[number];
export const numberOperators: readonly PropertyOperator[] = ['gt', 'gte', 'lt', 'lte'];
export const PROPERTY_FILTERS_MAX = 10;
export const PROPERTY_VALUES_MAX = 20;
const PROPERTY_VALUE_MAX = 128;

/** How many values each operator takes. */
export const operatorValues = (op: PropertyOperator): 'none' | 'one' | 'many' =>
  op === 'set' || op === 'not_set' ? 'none' : op === 'in' ? 'many' : 'one';

const filterValue = z
  .string({ error: 'each filter value must be text' })
  .max(PROPERTY_VALUE_MAX, { error: `each filter value must be at most ${PROPERTY_VALUE_MAX} characters`, abort: true })
  .refine(isDatabaseText, { error: databaseTextMessage('each filter value') });

export const propertyFilterSchema = z
  .object({
    key: propertyKey('filter key'),
    op: z.enum(propertyOperators, { error: `op must be one of ${propertyOperators.join(', ')}` }),
    values: z.array(filterValue).max(PROPERTY_VALUES_MAX, { error: `a filter may list at most ${PROPERTY_VALUES_MAX} values` }).default([]),
  })
  .superRefine((filter, ctx) => {
    const wanted = operatorValues(filter.op);
    const count = filter.values.length;
    if (wanted === 'none' && count > 0) ctx.addIssue({ code: 'custom', message: `${filter.op} takes no value`, path: ['values'] });
    if (wanted === 'one' && count !== 1) ctx.addIssue({ code: 'custom', message: `${filter.op} takes exactly one value`, path: ['values'] });
    if (wanted === 'many' && count === 0) ctx.addIssue({ code: 'custom', message: 'in takes at least one value', path: ['values'] });
    const number = filter.values[0];
    if (numberOperators.includes(filter.op) && number !== undefined && (number.trim() === '' || !Number.isFinite(Number(number)))) {
      ctx.addIssue({ code: 'custom', message: `${filter.op} compares numbers: its value must be a number`, path: ['values'] });
    }
  });
export type PropertyFilter = z.output<typeof propertyFilterSchema>;
export type PropertyFilterInput = z.input<typeof propertyFilterSchema>;

export const propertyFiltersSchema = z
  .array(propertyFilterSchema)
  .max(PROPERTY_FILTERS_MAX, { error: `at most ${PROPERTY_FILTERS_MAX} property filters per series` });

/** A query-string parameter holding JSON (empty or missing: `empty`), then checked with `schema`. */
export function jsonParam<S extends z.ZodType>(name: string, schema: S, empty: z.input<S>) {
  return z
    .string()
    .max(8000, { error: `${name} is too long` })
    .optional()
    .transform((value, ctx): unknown => {
      if (value === undefined || value.trim() === '') return empty;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);
}
