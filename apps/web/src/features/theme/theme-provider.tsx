import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';

import {
  applyColorScheme,
  DARK_SCHEME_QUERY,
  getBrowserStorage,
  persistTheme,
  readThemeMode,
  resolveColorScheme,
  THEME_MODE_STORAGE_KEY,
} from './theme';
import type { ThemeMode } from './theme';
import { ThemeContext } from './use-theme';
import type { ThemeState } from './use-theme';

function darkSchemeQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_SCHEME_QUERY) : undefined;
}

// The device preference as an external store, so a change re-renders at once (docs/product/rules-and-messages.md#theme: "updates live").
function subscribeToSystemScheme(onChange: () => void): () => void {
  const query = darkSchemeQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

function systemPrefersDark(): boolean {
  return darkSchemeQuery()?.matches ?? false;
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => readThemeMode(getBrowserStorage()));
  const prefersDark = useSyncExternalStore(subscribeToSystemScheme, systemPrefersDark, () => false);
  const colorScheme = resolveColorScheme(mode, prefersDark);

  useEffect(() => {
    applyColorScheme(document.documentElement, colorScheme);
    persistTheme(getBrowserStorage(), mode, colorScheme);
  }, [mode, colorScheme]);

  // Another tab changed the theme: follow it (`key` is null when that tab cleared the storage).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_MODE_STORAGE_KEY || event.key === null) setModeState(readThemeMode(getBrowserStorage()));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const setMode = useCallback((next: ThemeMode) => setModeState(next), []);
  const value = useMemo<ThemeState>(() => ({ mode, colorScheme, setMode }), [mode, colorScheme, setMode]);

  return <ThemeContext value={value}>{children}</ThemeContext>;
}
