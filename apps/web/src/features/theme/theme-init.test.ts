import { describe, expect, it, vi } from 'vitest';

import { installFakeMatchMedia } from '../../testing/match-media';
import script from '../../../public/theme-init.js?raw';
import { parseThemeMode, resolveColorScheme } from './theme';

// public/theme-init.js runs before the app and cannot import theme.ts: prove they agree.
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the shipped file verbatim is the point
const runThemeInit = new Function(script) as () => void;
const root = document.documentElement;

describe('public/theme-init.js', () => {
  it.each([
    ['light', false],
    ['light', true],
    ['dark', false],
    ['dark', true],
    ['system', false],
    ['system', true],
    [null, true],
    [null, false],
    ['garbage', true],
  ])('stored %s with system dark=%s matches theme.ts', (stored, systemDark) => {
    installFakeMatchMedia(systemDark);
    if (stored !== null) localStorage.setItem('theme-mode', stored);
    const expected = resolveColorScheme(parseThemeMode(stored), systemDark);

    runThemeInit();

    expect(root.classList.contains('dark')).toBe(expected === 'dark');
    expect(root.style.colorScheme).toBe(expected);
    expect(localStorage.getItem('theme-color-scheme')).toBe(expected);
  });

  it('does not throw when localStorage is unavailable', () => {
    installFakeMatchMedia(true);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });

    expect(runThemeInit).not.toThrow();
    expect(root).toHaveClass('dark');
  });
});
