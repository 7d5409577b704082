import { personNameSchema } from '@questboard/shared/validation';
import { createOrganisationBodySchema } from '@questboard/shared/organisations';
import { describe, expect, it } from 'vitest';

import { fieldErrors } from './field-errors';

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  fieldErrors(result.error?.issues ?? []);

describe('fieldErrors', () => {
  it.each([
    [{ firstName: '', lastName: '' }, { firstName: 'Both first name and last name are required', lastName: 'Both first name and last name are required' }],
    [{ firstName: 'A', lastName: 'Lovelace' }, { firstName: 'First name must be at least 2 characters' }],
    [{ firstName: 'Ada', lastName: 'L'.repeat(51) }, { lastName: 'Last name must be less than 50 characters' }],
    [{ firstName: 'Ada1', lastName: 'L0velace' }, { firstName: 'First name contains invalid characters', lastName: 'Last name contains invalid characters' }],
    [{ firstName: ' Ada ', lastName: 'Lovelace' }, {}],
  ])('gives each field of %j its one message', (values, expected) => {
    expect(errorsOf(personNameSchema.safeParse(values))).toEqual(expected);
  });

  it.each([
    ['', 'Organisation name is required'],
    ['A', 'Organisation name must be at least 2 characters'],
    ['A'.repeat(101), 'Organisation name must be less than 100 characters'],
    ['Acme <script>', 'Organisation name contains invalid characters'],
  ])('names the organisation field for %j', (name, message) => {
    expect(errorsOf(createOrganisationBodySchema.safeParse({ name }))).toEqual({ name: message });
  });

  it('keeps the first message of a field and skips issues without a field', () => {
    expect(
      fieldErrors([
        { path: [], message: 'form' },
        { path: ['email'], message: 'first' },
        { path: ['email'], message: 'second' },
        { path: [0], message: 'index' },
      ]),
    ).toEqual({ email: 'first' });
  });
});
