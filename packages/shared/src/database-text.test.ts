import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { exploreQuerySchema } from './analytics-explore';
import { playerParamsSchema } from './analytics-player';
import { createChartBodySchema, pinnedQuerySchema } from './analytics-dashboard';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { createIngestKeyBodySchema } from './developer';
import { validateEvent } from './events';
import { invitationCodeParamsSchema } from './invitations';
import { projectSearchQuerySchema } from './projects';
import { supportMessageBodySchema } from './support';
import { organisationNameSchema, personNameSchema, projectDescriptionSchema, projectNameSchema } from './validation';

// Issue 21: a NUL or a lone surrogate used to reach PostgreSQL and come back as a 500.
const nul = 'Boss\u0000fight';
const loneHigh = 'Boss \ud800 fight';
const loneLow = 'Boss \udc00 fight';
const unstorable = [
  ['NUL', nul],
  ['a lone high surrogate', loneHigh],
  ['a lone low surrogate', loneLow],
] as const;

describe('isDatabaseText', () => {
  it.each<[string, string, boolean]>([
    ['plain text', 'Boss fight', true],
    ['an emoji (a surrogate pair)', 'Boss 🎮 fight', true],
    ['right-to-left text', 'محمد', true],
    ['the empty string', '', true],
    ['NUL', nul, false],
    ['NUL alone', '\u0000', false],
    ['a lone high surrogate', loneHigh, false],
    ['a lone high surrogate at the end', 'Boss\ud83c', false],
    ['a lone low surrogate', loneLow, false],
    ['a pair the wrong way round', '\udfae\ud83c', false],
  ])('%s: %s', (_label, value, expected) => {
    expect(isDatabaseText(value)).toBe(expected);
  });
});

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const chart = (title: string, event = 'level_complete') => ({ title, chartType: 'line', query: { event, measure: 'count' } });
const description = (text: string) => `${text} `.repeat(20);
const range = { from: '2026-05-01', to: '2026-05-07' };

// Each text field that reaches a database, with the value placed in it and the message expected.
const fields: [string, z.ZodType, (value: string) => unknown, string, string?][] = [
  ['chart title', createChartBodySchema, (value) => chart(value), databaseTextMessage('The title')],
  ["pinned chart's event", createChartBodySchema, (value) => chart('Levels', value), databaseTextMessage('event')],
  ["pinned query's platform filter", pinnedQuerySchema, (value) => ({ platform: [value] }), databaseTextMessage('each platform value')],
  ["explorer's event", exploreQuerySchema, (value) => ({ ...range, event: value }), databaseTextMessage('event')],
  ["explorer's country filter", exploreQuerySchema, (value) => ({ ...range, country: value }), databaseTextMessage('each country value')],
  ['player lookup', playerParamsSchema, (value) => ({ id: '00000000-0000-4000-8000-000000000000', userId: value }), databaseTextMessage('A user id')],
  ['ingestion key name', createIngestKeyBodySchema, (value) => ({ name: value }), databaseTextMessage('Key name')],
  ['project search', projectSearchQuerySchema, (value) => ({ q: value }), databaseTextMessage('q')],
  ['invitation code', invitationCodeParamsSchema, (value) => ({ code: value }), databaseTextMessage('code')],
  ['support subject', supportMessageBodySchema, (value) => ({ subject: value, message: 'Hello' }), databaseTextMessage('Subject')],
  ['support message', supportMessageBodySchema, (value) => ({ subject: 'Hi', message: value }), databaseTextMessage('Message')],
  ['project description', projectDescriptionSchema, (value) => description(value), databaseTextMessage('Project description')],
  // The spec's own patterns already refuse both; the spec's message stays.
  ['organisation name', organisationNameSchema, (value) => value, 'Organisation name contains invalid characters', 'Boss Fight'],
  ['project name', projectNameSchema, (value) => value, 'Project name contains invalid characters', 'Boss Fight'],
  ['first name', personNameSchema, (value) => ({ firstName: value, lastName: 'Lovelace' }), 'First name contains invalid characters', 'Boss Fight'],
];

describe.each(fields)('%s', (_field, schema, place, expected, fine = 'Boss 🎮 fight') => {
  it(`accepts ${fine}`, () => {
    expect(messages(schema, place(fine))).toEqual([]);
  });

  it.each(unstorable)('refuses %s with a clear message', (_label, value) => {
    const found = messages(schema, place(value));
    // NUL is also a control character: fields that refuse those say that first.
    if (value === nul && !found.includes(expected)) expect(found).toEqual([expect.stringMatching(/control characters|invalid characters|without commas/)]);
    else expect(found).toEqual([expected]);
  });
});

describe('an ingested event', () => {
  const event = { insert_id: 'e-1', name: 'level_complete', user_id: 'p-1', timestamp: '2026-05-01T12:00:00Z' };

  it.each<[string, Record<string, unknown>, string]>([
    ['name with a lone surrogate', { name: loneHigh }, databaseTextMessage('name')],
    ['name with NUL', { name: nul }, 'name must not contain control characters'],
    ['user_id with a lone surrogate', { user_id: loneLow }, databaseTextMessage('user_id')],
    ['platform with a lone surrogate', { platform: loneHigh }, databaseTextMessage('platform')],
    ['property key with a lone surrogate', { properties: { [loneHigh]: 1 } }, databaseTextMessage('a property key')],
    ['property value with NUL', { properties: { boss: nul } }, databaseTextMessage('property "boss"')],
    ['property value with a lone surrogate', { properties: { boss: loneLow } }, databaseTextMessage('property "boss"')],
  ])('refuses a %s', (_label, fields_, reason) => {
    expect(validateEvent({ ...event, ...fields_ })).toEqual({ reason });
  });

  it('keeps emoji in names and property values', () => {
    expect(validateEvent({ ...event, name: 'boss 🎮', properties: { boss: 'dragon 🐉' } }).reason).toBeUndefined();
  });
});
