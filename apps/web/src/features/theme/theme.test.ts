import { describe, expect, it } from 'vitest';

import {
  applyColorScheme,
  COLOR_SCHEME_STORAGE_KEY,
  parseThemeMode,
  persistTheme,
  readThemeMode,
  resolveColorScheme,
  THEME_MODE_STORAGE_KEY,
} from './theme';
import type { ColorScheme, ThemeMode } from './theme';

const throwingStorage = {
  getItem: () => {
    throw new DOMException('blocked', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

describe('parseThemeMode', () => {
  it.each<[unknown, ThemeMode]>([
    ['light', 'light'],
    ['dark', 'dark'],
    ['system', 'system'],
    [null, 'system'],
    [undefined, 'system'],
    ['', 'system'],
    ['DARK', 'system'],
    [' dark', 'system'],
    ['"dark"', 'system'],
    ['blue', 'system'],
    [1, 'system'],
  ])('%j → %s', (stored, expected) => {
    expect(parseThemeMode(stored)).toBe(expected);
  });
});

describe('resolveColorScheme', () => {
  it.each<[ThemeMode, boolean, ColorScheme]>([
    ['light', false, 'light'],
    ['light', true, 'light'],
    ['dark', false, 'dark'],
    ['dark', true, 'dark'],
    ['system', false, 'light'],
    ['system', true, 'dark'],
  ])('mode %s with system dark=%s → %s', (mode, systemPrefersDark, expected) => {
    expect(resolveColorScheme(mode, systemPrefersDark)).toBe(expected);
  });
});

describe('readThemeMode', () => {
  it.each<[string, Pick<Storage, 'getItem'> | undefined, ThemeMode]>([
    ['a stored dark', { getItem: (key) => (key === THEME_MODE_STORAGE_KEY ? 'dark' : null) }, 'dark'],
    ['nothing stored', { getItem: () => null }, 'system'],
    ['a corrupt value', { getItem: () => 'neon' }, 'system'],
    ['no storage', undefined, 'system'],
    ['storage that throws', throwingStorage, 'system'],
  ])('%s → %s', (_case, storage, expected) => {
    expect(readThemeMode(storage)).toBe(expected);
  });
});

describe('persistTheme', () => {
  it('stores the mode and the resolved scheme under their keys', () => {
    const stored = new Map<string, string>();
    persistTheme({ setItem: (key, value) => stored.set(key, value) }, 'system', 'dark');
    expect(Object.fromEntries(stored)).toEqual({
      [THEME_MODE_STORAGE_KEY]: 'system',
      [COLOR_SCHEME_STORAGE_KEY]: 'dark',
    });
  });

  it.each([
    ['storage that throws', throwingStorage],
    ['no storage', undefined],
  ])('survives %s', (_case, storage) => {
    expect(() => persistTheme(storage, 'dark', 'dark')).not.toThrow();
  });
});

describe('applyColorScheme', () => {
  it.each<[ColorScheme, boolean]>([
    ['dark', true],
    ['light', false],
  ])('%s sets the dark class to %s and color-scheme to match', (scheme, hasDarkClass) => {
    const root = document.createElement('html');
    root.classList.add(scheme === 'dark' ? 'x' : 'dark');
    applyColorScheme(root, scheme);
    expect(root.classList.contains('dark')).toBe(hasDarkClass);
    expect(root.style.colorScheme).toBe(scheme);
  });
});
