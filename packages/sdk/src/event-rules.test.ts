import { describe, expect, it } from 'vitest';
import {
  EVENT_MAX_PROPERTIES,
  INGEST_MAX_BYTES,
  INGEST_MAX_EVENTS,
  ingestEventSchema,
} from '@questboard/shared/events';
import {
  CONTEXT_FIELD_MAX_LENGTH,
  EVENT_NAME_MAX_LENGTH,
  MAX_BATCH_BYTES,
  MAX_EVENTS_PER_BATCH,
  MAX_PROPERTIES,
  PRODUCT_ID_MAX_LENGTH,
  USER_ID_MAX_LENGTH,
  cleanProperties,
  countryProblem,
  currencyProblem,
  revenueProblem,
  textProblem,
} from './event-rules';

// The SDK restates the server's cheap rules (it may not depend on zod); these tables run both on the
// same inputs, so a rule changed on one side only fails here.

const base = { insert_id: 'i1', name: 'level_up', user_id: 'p1', timestamp: '2026-05-01T12:00:00.000Z' };

function serverVerdict(event: Record<string, unknown>): string | undefined {
  const parsed = ingestEventSchema.safeParse(event);
  return parsed.success ? undefined : (parsed.error.issues[0]?.message ?? 'invalid');
}

describe('the SDK and the server agree', () => {
  it('on the limits', () => {
    expect(MAX_EVENTS_PER_BATCH).toBe(INGEST_MAX_EVENTS);
    expect(MAX_BATCH_BYTES).toBe(INGEST_MAX_BYTES);
    expect(MAX_PROPERTIES).toBe(EVENT_MAX_PROPERTIES);
  });

  const texts = [
    '',
    'a',
    'level_up',
    'x'.repeat(32),
    'x'.repeat(33),
    'x'.repeat(128),
    'x'.repeat(129),
    'ü'.repeat(256),
    'x'.repeat(257),
    'tab\there',
    'bell\u0007',
    'del\u007f',
    42,
    null,
  ];
  const fields = [
    { field: 'name', max: EVENT_NAME_MAX_LENGTH },
    { field: 'user_id', max: USER_ID_MAX_LENGTH },
    { field: 'platform', max: CONTEXT_FIELD_MAX_LENGTH },
    { field: 'app_version', max: CONTEXT_FIELD_MAX_LENGTH },
    { field: 'build', max: CONTEXT_FIELD_MAX_LENGTH },
    { field: 'product_id', max: PRODUCT_ID_MAX_LENGTH },
  ];
  it.each(fields.flatMap(({ field, max }) => texts.map((value) => ({ field, max, value }))))(
    'on $field = $value',
    ({ field, max, value }) => {
      expect(textProblem(field, value, max)).toBe(serverVerdict({ ...base, [field]: value }));
    },
  );

  it.each(['DE', 'de', 'D', 'DEU', 'D1', 7])('on country = %j', (country) => {
    expect(countryProblem(country)).toBe(serverVerdict({ ...base, country }));
  });

  it.each([0, 4.99, 1_000_000, 1_000_000.01, -0.01, Number.NaN, Number.POSITIVE_INFINITY, '4.99'])(
    'on revenue_amount = %s',
    (amount) => {
      expect(revenueProblem(amount)).toBe(serverVerdict({ ...base, revenue_amount: amount, currency: 'USD' }));
    },
  );

  it.each(['USD', 'eur', 'US', 'USDX', 'U$D', 840])('on currency = %j', (currency) => {
    expect(currencyProblem(currency)).toBe(serverVerdict({ ...base, revenue_amount: 1, currency }));
  });

  const manyKeys = (count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]));
  it.each([
    { case: 'every kind of value', properties: { level: 3, hero: 'mage', hard: true, guild: null, ratio: 0.5 } },
    { case: 'a string of 1024 characters', properties: { text: 'x'.repeat(1024) } },
    { case: 'a string of 1025 characters', properties: { text: 'x'.repeat(1025) } },
    { case: 'NaN', properties: { score: Number.NaN } },
    { case: 'Infinity', properties: { score: Number.POSITIVE_INFINITY } },
    { case: 'a nested object', properties: { hero: { class: 'mage' }, level: 3 } },
    { case: 'an array', properties: { items: ['sword'] } },
    { case: 'undefined', properties: { gone: undefined, level: 1 } },
    { case: 'an empty key', properties: { '': 1 } },
    { case: 'a key of 64 characters', properties: { ['k'.repeat(64)]: 1 } },
    { case: 'a key of 65 characters', properties: { ['k'.repeat(65)]: 1 } },
    { case: 'a key with a newline', properties: { 'a\nb': 1 } },
    { case: '50 keys', properties: manyKeys(50) },
    { case: '51 keys', properties: manyKeys(51) },
  ])(
    'on properties with $case: what the SDK keeps is accepted, and it drops only what the server refuses',
    ({ properties }) => {
      const { properties: kept, problems } = cleanProperties(properties);
      expect(serverVerdict({ ...base, properties: kept })).toBeUndefined();
      expect(problems.length === 0).toBe(serverVerdict({ ...base, properties }) === undefined);
    },
  );
});

describe('cleanProperties', () => {
  it('drops only the offending properties, saying why', () => {
    const { properties, problems } = cleanProperties({ level: 3, hero: { class: 'mage' } });
    expect(properties).toEqual({ level: 3 });
    expect(problems).toEqual([
      'property "hero" must be a string (at most 1024 characters), a finite number, true, false or null; it was left out',
    ]);
  });

  it('keeps the first 50 keys', () => {
    const { properties, problems } = cleanProperties(
      Object.fromEntries(Array.from({ length: 52 }, (_, index) => [`k${index}`, index])),
    );
    expect(Object.keys(properties ?? {})).toHaveLength(50);
    expect(problems).toEqual([
      'properties must have at most 50 keys; "k50" was left out',
      'properties must have at most 50 keys; "k51" was left out',
    ]);
  });

  it.each([[['a']], ['text'], [null], [7]])('refuses %j as a whole', (input) => {
    expect(cleanProperties(input)).toEqual({
      properties: undefined,
      problems: ['properties must be an object; they were left out'],
    });
  });

  it('keeps "__proto__" as a plain key', () => {
    const { properties } = cleanProperties(JSON.parse('{"__proto__": 1, "level": 2}'));
    expect(Object.getPrototypeOf(properties)).toBe(Object.prototype);
    expect(JSON.stringify(properties)).toBe('{"__proto__":1,"level":2}');
  });
});
