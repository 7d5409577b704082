import { describe, expect, it } from 'vitest';
import { isStrictEmail, normaliseEmail } from './email-address';

describe('isStrictEmail', () => {
  it.each([
    ['ada@studio.example', true],
    ['ada.lovelace+games@mail.studio.co.uk', true],
    ["o'brien@example.com", true],
    ['"a@evil"@victim.com', false],
    ['a@b.com,evil@x.com', false],
    ['a＠b.com', false],
    ['victim@x.com\r\nBcc: evil@x.com', false],
    ['victim@x.com\nBcc: evil@x.com', false],
    ['a b@x.com', false],
    ['a@x', false],
    ['a@-x.com', false],
    ['a..b@x.com', false],
    ['.a@x.com', false],
    ['a@x.c0m', false],
    ['a@exämple.com', false],
    ['<a@x.com>', false],
    ['Ada <a@x.com>', false],
    [`${'a'.repeat(65)}@x.com`, false],
    [`a@${'b'.repeat(250)}.com`, false],
    ['', false],
  ])('%j -> %s', (value, expected) => {
    expect(isStrictEmail(value)).toBe(expected);
  });
});

describe('normaliseEmail', () => {
  it('trims and lower-cases', () => {
    expect(normaliseEmail('  Ada@Studio.EXAMPLE \n')).toBe('ada@studio.example');
  });
});
