import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  callbackEmailSchema,
  loginEmailSchema,
  organisationNameSchema,
  personNameSchema,
  projectDescriptionSchema,
  projectNameSchema,
} from './validation';

/** The messages a failed parse produced, as `path: message`; the trimmed data when it passed. */
function outcome(schema: z.ZodType, value: unknown): { data: unknown } | { errors: string[] } {
  const result = schema.safeParse(value);
  if (result.success) return { data: result.data };
  return { errors: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}

const letters = (length: number) => 'a'.repeat(length);
const tenKilobytes = 'a'.repeat(10_240);

describe('personNameSchema', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace' };
  const firstName = (value: unknown) => outcome(personNameSchema, { ...valid, firstName: value });
  const lastName = (value: unknown) => outcome(personNameSchema, { ...valid, lastName: value });

  it.each<[string, unknown, string]>([
    ['trimmed', '  Ab  ', 'Ab'],
    ['2 characters', letters(2), letters(2)],
    ['50 characters', letters(50), letters(50)],
    ['50 after trimming', `  ${letters(50)}  `, letters(50)],
    ['hyphen and space', 'Mary-Jane Ann', 'Mary-Jane Ann'],
    ["straight apostrophe", "O'Brien", "O'Brien"],
    ['curly apostrophe', 'O’Brien', 'O’Brien'],
    ['Unicode hyphen', 'Jean‐Luc', 'Jean‐Luc'],
    ['precomposed accents', 'Zoë José', 'Zoë José'],
    ['decomposed accents', 'Zoe\u0308 Jose\u0301', 'Zoe\u0308 Jose\u0301'],
    ['Arabic (right to left)', 'محمد', 'محمد'],
    ['Arabic with a space', 'عبد الله', 'عبد الله'],
    ['Hebrew', 'שרה', 'שרה'],
    ['CJK', '山田', '山田'],
    ['no-break space inside', 'Van\u00a0Dyke', 'Van\u00a0Dyke'],
  ])('first name accepted: %s', (_label, value, trimmed) => {
    expect(firstName(value)).toEqual({ data: { ...valid, firstName: trimmed } });
  });

  it.each<[string, unknown, string]>([
    ['missing', undefined, 'firstName: Both first name and last name are required'],
    ['null', null, 'firstName: Both first name and last name are required'],
    ['empty', '', 'firstName: Both first name and last name are required'],
    ['blank', '   ', 'firstName: Both first name and last name are required'],
    ['1 character', 'A', 'firstName: First name must be at least 2 characters'],
    ['1 character after trimming', '  A  ', 'firstName: First name must be at least 2 characters'],
    ['1 invalid character: length reported first', '1', 'firstName: First name must be at least 2 characters'],
    ['51 characters', letters(51), 'firstName: First name must be less than 50 characters'],
    ['10 kB', tenKilobytes, 'firstName: First name must be less than 50 characters'],
    ['digits', 'Ada2', 'firstName: First name contains invalid characters'],
    ['emoji', 'Ada 😀', 'firstName: First name contains invalid characters'],
    ['emoji alone', '😀😀', 'firstName: First name contains invalid characters'],
    ['tab inside', 'Ada\tMay', 'firstName: First name contains invalid characters'],
    ['newline inside', 'Ada\nMay', 'firstName: First name contains invalid characters'],
    ['NUL', 'Ada\u0000', 'firstName: First name contains invalid characters'],
    ['escape', 'Ad\u001ba', 'firstName: First name contains invalid characters'],
    ['right-to-left mark', 'محمد\u200f', 'firstName: First name contains invalid characters'],
    ['zero-width joiner', 'Ad\u200da', 'firstName: First name contains invalid characters'],
    ['punctuation', 'Ada.', 'firstName: First name contains invalid characters'],
    ['markup', '<b>Ada</b>', 'firstName: First name contains invalid characters'],
  ])('first name rejected: %s', (_label, value, message) => {
    expect(firstName(value)).toEqual({ errors: [message] });
  });

  it.each<[string, unknown, string]>([
    ['missing', undefined, 'lastName: Both first name and last name are required'],
    ['blank', ' \t ', 'lastName: Both first name and last name are required'],
    ['1 character', 'L', 'lastName: Last name must be at least 2 characters'],
    ['51 characters', letters(51), 'lastName: Last name must be less than 50 characters'],
    ['10 kB', tenKilobytes, 'lastName: Last name must be less than 50 characters'],
    ['invalid characters', 'Love_lace', 'lastName: Last name contains invalid characters'],
  ])('last name rejected: %s', (_label, value, message) => {
    expect(lastName(value)).toEqual({ errors: [message] });
  });

  it('accepts a 2- and a 50-character last name', () => {
    expect(lastName(letters(2))).toEqual({ data: { ...valid, lastName: letters(2) } });
    expect(lastName(letters(50))).toEqual({ data: { ...valid, lastName: letters(50) } });
  });

  it('reports each missing name on its own field', () => {
    expect(outcome(personNameSchema, { firstName: ' ', lastName: '' })).toEqual({
      errors: [
        'firstName: Both first name and last name are required',
        'lastName: Both first name and last name are required',
      ],
    });
    expect(outcome(personNameSchema, {})).toEqual({
      errors: [
        'firstName: Both first name and last name are required',
        'lastName: Both first name and last name are required',
      ],
    });
  });

  it('keeps zod’s type message for a value of the wrong type', () => {
    expect(firstName(42)).toEqual({ errors: ['firstName: Invalid input: expected string, received number'] });
  });
});

describe.each([
  ['Organisation', organisationNameSchema],
  ['Project', projectNameSchema],
] as const)('%s name', (label, schema) => {
  it.each<[string, unknown, string]>([
    ['trimmed', '  ab  ', 'ab'],
    ['2 characters', letters(2), letters(2)],
    ['100 characters', letters(100), letters(100)],
    ['every allowed symbol', "Blue Fox - Studio_2 & Co., Ltd. (O'Hare’s)", "Blue Fox - Studio_2 & Co., Ltd. (O'Hare’s)"],
    ['digits only', '42', '42'],
    ['Unicode letters and digits', 'Café Nº 1', 'Café Nº 1'],
    ['Arabic letters and Arabic-Indic digits', 'استوديو ٣', 'استوديو ٣'],
    ['decomposed accent', 'Cafe\u0301', 'Cafe\u0301'],
  ])('accepted: %s', (_label, value, trimmed) => {
    expect(outcome(schema, value)).toEqual({ data: trimmed });
  });

  it.each<[string, unknown, string]>([
    ['missing', undefined, `${label} name is required`],
    ['null', null, `${label} name is required`],
    ['empty', '', `${label} name is required`],
    ['blank', '   ', `${label} name is required`],
    ['1 character', 'a', `${label} name must be at least 2 characters`],
    ['1 character after trimming', ' a ', `${label} name must be at least 2 characters`],
    ['101 characters', letters(101), `${label} name must be less than 100 characters`],
    ['10 kB', tenKilobytes, `${label} name must be less than 100 characters`],
    ['emoji', 'Fox 🦊', `${label} name contains invalid characters`],
    ['slash', 'Fox/Hound', `${label} name contains invalid characters`],
    ['at sign', 'fox@studio', `${label} name contains invalid characters`],
    ['angle brackets', '<script>', `${label} name contains invalid characters`],
    ['newline inside', 'Fox\nHound', `${label} name contains invalid characters`],
    ['control character', 'Fox\u0007', `${label} name contains invalid characters`],
  ])('rejected: %s', (_label, value, message) => {
    expect(outcome(schema, value)).toEqual({ errors: [`: ${message}`] });
  });
});

describe('projectDescriptionSchema', () => {
  it.each<[string, string, string]>([
    ['150 characters', letters(150), letters(150)],
    ['150 after trimming', `   ${letters(150)}\n`, letters(150)],
    ['2000 characters', letters(2000), letters(2000)],
    ['any characters, newlines included', `${letters(148)}\n😀`, `${letters(148)}\n😀`],
    ['tabs, line breaks and right-to-left text', `${letters(141)}\t\r\nمرحبا\u202E`, `${letters(141)}\t\r\nمرحبا\u202E`],
  ])('accepted: %s', (_label, value, trimmed) => {
    expect(outcome(projectDescriptionSchema, value)).toEqual({ data: trimmed });
  });

  it.each<[string, unknown, string]>([
    ['missing', undefined, 'Project description is required'],
    ['empty', '', 'Project description is required'],
    ['blank', ' \n\t ', 'Project description is required'],
    ['1 character', 'a', 'Project description must be at least 150 characters (currently 1)'],
    ['149 characters', letters(149), 'Project description must be at least 150 characters (currently 149)'],
    [
      '149 after trimming counts the trimmed text',
      `     ${letters(149)}     `,
      'Project description must be at least 150 characters (currently 149)',
    ],
    ['2001 characters', letters(2001), 'Project description must be less than 2000 characters'],
    ['10 kB', tenKilobytes, 'Project description must be less than 2000 characters'],
    ['a NUL character', `${letters(150)}\u0000`, 'Project description contains invalid characters'],
    ['a bell character', `${letters(75)}\u0007${letters(75)}`, 'Project description contains invalid characters'],
  ])('rejected: %s', (_label, value, message) => {
    expect(outcome(projectDescriptionSchema, value)).toEqual({ errors: [`: ${message}`] });
  });
});

describe.each([
  ['loginEmailSchema', loginEmailSchema],
  ['callbackEmailSchema', callbackEmailSchema],
] as const)('%s', (_name, schema) => {
  it.each<[string, unknown, { data: unknown } | { errors: string[] }]>([
    ['trimmed', '  ada@example.com ', { data: 'ada@example.com' }],
    ['no format check', 'not-an-email', { data: 'not-an-email' }],
    ['missing', undefined, { errors: [': Please enter your email address.'] }],
    ['null', null, { errors: [': Please enter your email address.'] }],
    ['empty', '', { errors: [': Please enter your email address.'] }],
    ['blank', '   ', { errors: [': Please enter your email address.'] }],
  ])('%s', (_label, value, expected) => {
    expect(outcome(schema, value)).toEqual(expected);
  });
});

describe('JSON Schema for Fastify routes', () => {
  it.each([
    ['personNameSchema', personNameSchema],
    ['organisationNameSchema', organisationNameSchema],
    ['projectNameSchema', projectNameSchema],
    ['projectDescriptionSchema', projectDescriptionSchema],
    ['loginEmailSchema', loginEmailSchema],
  ] as const)('%s converts', (_name, schema) => {
    expect(() => z.toJSONSchema(schema)).not.toThrow();
  });

  it('carries the limits and the pattern', () => {
    expect(z.toJSONSchema(personNameSchema)).toMatchObject({
      type: 'object',
      required: ['firstName', 'lastName'],
      properties: { firstName: { type: 'string', minLength: 2, maxLength: 50 } },
    });
    expect(z.toJSONSchema(projectDescriptionSchema)).toMatchObject({ minLength: 150, maxLength: 2000 });
  });
});
