// Theme rules of docs/product/rules-and-messages.md#theme: mode light, dark or system (default), system follows the
// device preference, both stored locally. public/theme-init.js repeats resolveColorScheme before
// the app loads; theme-init.test.ts keeps the two in step.

export const THEME_MODES = ['light', 'dark', 'system'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ColorScheme = 'light' | 'dark';

export const DEFAULT_THEME_MODE: ThemeMode = 'system';
export const THEME_MODE_STORAGE_KEY = 'theme-mode';
export const COLOR_SCHEME_STORAGE_KEY = 'theme-color-scheme';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem'>;

export function isThemeMode(value: unknown): value is ThemeMode {
  return typeof value === 'string' && (THEME_MODES as readonly string[]).includes(value);
}

/** A stored value is trusted only when it is exactly one of the modes; anything else means system. */
export function parseThemeMode(value: unknown): ThemeMode {
  return isThemeMode(value) ? value : DEFAULT_THEME_MODE;
}

export function resolveColorScheme(mode: ThemeMode, systemPrefersDark: boolean): ColorScheme {
  if (mode === 'system') return systemPrefersDark ? 'dark' : 'light';
  return mode;
}

/** localStorage, or undefined where merely touching it throws (blocked cookies, sandboxed frames). */
export function getBrowserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

export function readThemeMode(storage: ReadableStorage | undefined): ThemeMode {
  try {
    return parseThemeMode(storage?.getItem(THEME_MODE_STORAGE_KEY));
  } catch {
    return DEFAULT_THEME_MODE;
  }
}

/** Best effort: a full or blocked storage must never break the page. */
export function persistTheme(storage: WritableStorage | undefined, mode: ThemeMode, scheme: ColorScheme): void {
  try {
    storage?.setItem(THEME_MODE_STORAGE_KEY, mode);
    storage?.setItem(COLOR_SCHEME_STORAGE_KEY, scheme);
  } catch {
    // Ignored on purpose: the theme still applies for this page view.
  }
}

export function applyColorScheme(root: HTMLElement, scheme: ColorScheme): void {
  root.classList.toggle('dark', scheme === 'dark');
  root.style.colorScheme = scheme;
}
