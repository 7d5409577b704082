// The toast rules of docs/product/rules-and-messages.md#constants as plain functions: where a toast shows, how long it stays,
// and when the same toast is suppressed. notify.ts applies them through sonner.
import {
  LINK_SENT_TOAST_DURATION_MS,
  TOAST_AUTH_DEDUPE_MS,
  TOAST_DEDUPE_MS,
  TOAST_DURATION_MS,
  TOAST_ERROR_DURATION_MS,
} from '@questboard/shared/limits';

export type ToastKind = 'success' | 'error' | 'info' | 'link-sent';
export type ToastPosition = 'top-right' | 'top-center';

/** Where every toast shows unless its kind says otherwise. */
export const DEFAULT_TOAST_POSITION: ToastPosition = 'top-right';

export function toastPlacement(kind: ToastKind): { position: ToastPosition; duration: number } {
  switch (kind) {
    case 'link-sent':
      return { position: 'top-center', duration: LINK_SENT_TOAST_DURATION_MS };
    case 'error':
      return { position: DEFAULT_TOAST_POSITION, duration: TOAST_ERROR_DURATION_MS };
    default:
      return { position: DEFAULT_TOAST_POSITION, duration: TOAST_DURATION_MS };
  }
}

// "Sign-in, auth and e-mail-link messages" are recognised by their text, so every caller gets the
// longer window without having to remember an option. The link-sent toast is one by definition.
const AUTH_MESSAGE = /\bsign(?:ed)?[- ]?in\b|\bauth|\be-?mail link/i;

export function isAuthMessage(message: string): boolean {
  return AUTH_MESSAGE.test(message);
}

/** How long the same toast (same kind and message) stays suppressed after it was shown. */
export function dedupeWindowMs(kind: ToastKind, message: string): number {
  return kind === 'link-sent' || isAuthMessage(message) ? TOAST_AUTH_DEDUPE_MS : TOAST_DEDUPE_MS;
}

/** Identifies "the same toast"; also used as sonner's toast id, so a repeat refreshes it in place. */
export function toastKey(kind: ToastKind, message: string): string {
  return `${kind}:${message}`;
}

/**
 * Remembers when each toast was last shown. `admit` answers whether a toast may show now and, if
 * so, records it: suppressed repeats do not extend the window ("shown within the last 5 s").
 */
export function createToastDeduper(now: () => number) {
  const shownAt = new Map<string, number>();

  return {
    admit(kind: ToastKind, message: string): boolean {
      const time = now();
      // Forget entries older than the longest window, so the map stays small.
      for (const [key, at] of shownAt) if (time - at >= TOAST_AUTH_DEDUPE_MS) shownAt.delete(key);

      const key = toastKey(kind, message);
      const last = shownAt.get(key);
      if (last !== undefined && time - last < dedupeWindowMs(kind, message)) return false;
      shownAt.set(key, time);
      return true;
    },
  };
}

export type ToastDeduper = ReturnType<typeof createToastDeduper>;
