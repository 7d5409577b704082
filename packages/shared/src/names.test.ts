import { describe, expect, it } from 'vitest';
import {
  type AccountLike,
  accountStatus,
  displayName,
  greetingFirstName,
  initials,
  needsNameSetup,
  organisationStatus,
} from './names';

describe('displayName', () => {
  it.each<[string, AccountLike, string | null | undefined, string]>([
    ['name wins', { name: 'Ada Lovelace', firstName: 'Augusta', lastName: 'King' }, 'ada@example.com', 'Ada Lovelace'],
    ['name is trimmed', { name: '  Ada Lovelace  ' }, undefined, 'Ada Lovelace'],
    ['blank name falls through to the parts', { name: '   ', firstName: 'Ada', lastName: 'Lovelace' }, undefined, 'Ada Lovelace'],
    ['null name falls through', { name: null, firstName: 'Ada', lastName: 'Lovelace' }, undefined, 'Ada Lovelace'],
    ['parts are trimmed', { firstName: ' Ada ', lastName: ' Lovelace ' }, undefined, 'Ada Lovelace'],
    ['first name only', { firstName: 'Ada', lastName: '  ' }, undefined, 'Ada'],
    ['last name only', { firstName: null, lastName: 'Lovelace' }, undefined, 'Lovelace'],
    ['nothing: the fallback', { name: '', firstName: '', lastName: '' }, 'ada@example.com', 'ada@example.com'],
    ['fallback is trimmed', {}, '  Ada  ', 'Ada'],
    ['blank fallback: User', {}, '   ', 'User'],
    ['null account and fallback', null, 'Guest', 'Guest'],
    ['undefined account, no fallback', undefined, undefined, 'User'],
    ['null fallback', null, null, 'User'],
    ['non-Latin name', { name: 'أحمد علي' }, undefined, 'أحمد علي'],
  ])('%s', (_label, account, fallback, expected) => {
    expect(displayName(account, fallback)).toBe(expected);
  });
});

describe('greetingFirstName', () => {
  it.each<[string, AccountLike, string | null | undefined, string]>([
    ['first name wins', { firstName: 'Ada', name: 'Augusta King' }, 'x@example.com', 'Ada'],
    ['first name is trimmed', { firstName: '  Ada ' }, undefined, 'Ada'],
    ['first name with two words kept whole', { firstName: 'Mary Ann' }, undefined, 'Mary Ann'],
    ['blank first name: first word of name', { firstName: '  ', name: ' Augusta   Ada King' }, undefined, 'Augusta'],
    ['last name alone is not used', { lastName: 'Lovelace' }, 'ada@example.com', 'ada@example.com'],
    ['first word of the fallback', { name: '  ' }, 'Grace Hopper', 'Grace'],
    ['fallback split on any whitespace', null, 'Grace\tHopper', 'Grace'],
    ['blank fallback: User', {}, '  ', 'User'],
    ['nothing: User', undefined, undefined, 'User'],
  ])('%s', (_label, account, fallback, expected) => {
    expect(greetingFirstName(account, fallback)).toBe(expected);
  });
});

describe('initials', () => {
  it.each<[string, AccountLike, string | undefined, string | undefined, string]>([
    ['first and last word of the name', { name: 'ada byron lovelace' }, undefined, undefined, 'AL'],
    ['from first and last name', { firstName: 'grace', lastName: 'hopper' }, undefined, undefined, 'GH'],
    ['one word: one letter', { name: 'Cher' }, undefined, undefined, 'C'],
    ['extra whitespace ignored', { name: '  Ada \t  Lovelace ' }, undefined, undefined, 'AL'],
    ['from the fallback', {}, 'Grace Hopper', 'Other One', 'GH'],
    ['display name is User: second fallback', {}, undefined, 'ada@example.com', 'A'],
    ['blank fallback: second fallback', null, '  ', 'Grace Hopper', 'GH'],
    ['nothing: U', null, undefined, undefined, 'U'],
    ['blank second fallback: U', null, undefined, '   ', 'U'],
    ['a name that is literally User uses the second fallback', { name: 'User' }, undefined, 'Zed', 'Z'],
    ['emoji is one code point, not half a surrogate pair', { name: '😀 Smile' }, undefined, undefined, '😀S'],
    ['astral letter kept whole', { name: '𝒜da Lovelace' }, undefined, undefined, '𝒜L'],
    ['Arabic', { name: 'أحمد علي' }, undefined, undefined, 'أع'],
    ['Cyrillic is upper-cased', { name: 'анна каренина' }, undefined, undefined, 'АК'],
    ['decomposed accent composed first', { name: 'E\u0301mile Zola' }, undefined, undefined, 'ÉZ'],
    ['ß is not expanded to SS', { name: 'ßeta Test' }, undefined, undefined, 'ßT'],
  ])('%s', (_label, account, fallback, secondFallback, expected) => {
    expect(initials(account, fallback, secondFallback)).toBe(expected);
  });
});

describe('accountStatus and organisationStatus', () => {
  const activeAccount = { active: true, message: 'Account is active' };
  const inactiveAccount = { active: false, message: 'Your account is inactive. Please contact support.' };
  const activeOrganisation = { active: true, message: 'Organisation is active' };
  const inactiveOrganisation = { active: false, message: 'Your organisation is inactive. Please contact support.' };

  it.each<[string, { isActive?: unknown } | null | undefined, boolean]>([
    ['true', { isActive: true }, true],
    ['false', { isActive: false }, false],
    ['missing', {}, false],
    ['null', { isActive: null }, false],
    ["string 'true'", { isActive: 'true' }, false],
    ['1', { isActive: 1 }, false],
    ['null entity', null, false],
    ['undefined entity', undefined, false],
  ])('isActive %s', (_label, entity, active) => {
    expect(accountStatus(entity)).toEqual(active ? activeAccount : inactiveAccount);
    expect(organisationStatus(entity)).toEqual(active ? activeOrganisation : inactiveOrganisation);
  });
});

describe('needsNameSetup', () => {
  it.each<[string, AccountLike, boolean]>([
    ['both present', { firstName: 'Ada', lastName: 'Lovelace' }, false],
    ['both present with padding', { firstName: ' Ada ', lastName: ' Lovelace ' }, false],
    ['first missing', { lastName: 'Lovelace' }, true],
    ['last missing', { firstName: 'Ada' }, true],
    ['first blank', { firstName: '   ', lastName: 'Lovelace' }, true],
    ['last blank', { firstName: 'Ada', lastName: '\t\n' }, true],
    ['last null', { firstName: 'Ada', lastName: null }, true],
    ['name alone is not enough', { name: 'Ada Lovelace' }, true],
    ['no account', null, true],
    ['undefined account', undefined, true],
  ])('%s', (_label, account, expected) => {
    expect(needsNameSetup(account)).toBe(expected);
  });
});
