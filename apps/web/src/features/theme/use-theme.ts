import { createContext, useContext } from 'react';

import type { ColorScheme, ThemeMode } from './theme';

export interface ThemeState {
  /** What the user chose. */
  mode: ThemeMode;
  /** What is shown: the mode itself, or the device preference when the mode is system. */
  colorScheme: ColorScheme;
  setMode: (mode: ThemeMode) => void;
}

export const ThemeContext = createContext<ThemeState | null>(null);

export function useTheme(): ThemeState {
  const theme = useContext(ThemeContext);
  if (!theme) throw new Error('useTheme must be used inside <ThemeProvider>');
  return theme;
}
