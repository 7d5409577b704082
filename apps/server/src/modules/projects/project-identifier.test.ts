import { describe, expect, it } from 'vitest';
import { identifierBase, identifierCandidates, isIdentifier, randomSuffix } from './project-identifier';

describe('identifierBase', () => {
  it.each([
    ['Pixel Quest', 'pixel-quest'],
    ['  Café Nº 1 (Studio) & Co.  ', 'cafe-no-1-studio-co'],
    ['Ünïcödé Ångström', 'unicode-angstrom'],
    ['Pixel__Quest--2', 'pixel-quest-2'],
    ['ＦＵＬＬ ｗｉｄｔｈ', 'full-width'],
    ['Straße', 'stra-e'],
    ['استوديو البكسل', 'project'],
    ['🎮🎮', 'project'],
    ['Dragon 🐉 Saga', 'dragon-saga'],
    ['a'.repeat(60), 'a'.repeat(40)],
    [`${'a'.repeat(39)} b`, 'a'.repeat(39)],
  ])('%j → %j', (name, identifier) => {
    expect(identifierBase(name)).toBe(identifier);
    expect(isIdentifier(identifier)).toBe(true);
  });
});

describe('identifierCandidates', () => {
  it('tries the base first, then the base with 4 to 6 character suffixes', () => {
    const candidates = [...identifierCandidates('Pixel Quest', (length) => 'x'.repeat(length))];
    expect(candidates[0]).toBe('pixel-quest');
    expect(candidates.slice(1)).toContain('pixel-quest-xxxx');
    expect(candidates.at(-1)).toBe('pixel-quest-xxxxxx');
  });

  it('makes random base36 suffixes of the asked length', () => {
    for (const length of [4, 5, 6]) expect(randomSuffix(length)).toMatch(new RegExp(`^[0-9a-z]{${length}}$`));
  });
});

describe('isIdentifier', () => {
  it.each([
    ['pixel-quest', true],
    ['pixel-quest-a1b2', true],
    ['Pixel-Quest', false],
    ['pixel--quest', false],
    ['-pixel', false],
    ['pixel\u0000', false],
    ['', false],
    ['a'.repeat(61), false],
  ])('%j: %s', (text, expected) => {
    expect(isIdentifier(text)).toBe(expected);
  });
});
