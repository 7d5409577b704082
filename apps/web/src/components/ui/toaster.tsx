import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

import { TOAST_DURATION_MS } from '@questboard/shared/limits';

import { DEFAULT_TOAST_POSITION } from '../../lib/toast-rules';

// sonner styles toasts with its own CSS variables; pointing them at the design tokens makes toasts
// match cards in both schemes (the tokens switch with the `dark` class, see styles/index.css).
const tokens = {
  '--normal-bg': 'var(--card)',
  '--normal-text': 'var(--foreground)',
  '--normal-border': 'var(--border)',
  '--normal-bg-hover': 'var(--muted)',
  '--normal-border-hover': 'var(--input)',
  '--gray2': 'var(--muted)',
  '--gray5': 'var(--input)',
  '--border-radius': '12px',
  fontFamily: 'inherit',
} as CSSProperties;

const icons = {
  success: <CircleCheck aria-hidden="true" className="size-4 text-success" />,
  error: <CircleAlert aria-hidden="true" className="size-4 text-destructive" />,
  info: <Info aria-hidden="true" className="size-4 text-link" />,
};

/** Where notify() toasts appear. Mounted once, in AppProvider. */
export function Toaster({ colorScheme }: { colorScheme: 'light' | 'dark' }) {
  return (
    <SonnerToaster
      theme={colorScheme}
      position={DEFAULT_TOAST_POSITION}
      duration={TOAST_DURATION_MS}
      closeButton
      icons={icons}
      style={tokens}
      toastOptions={{
        closeButtonAriaLabel: 'Close notification',
        style: { fontSize: '14px', boxShadow: '0 8px 24px -12px rgb(0 0 0 / 0.25)' },
      }}
    />
  );
}
