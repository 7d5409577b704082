// The one way product code shows a toast (docs/product/rules-and-messages.md#constants). The <Toaster> (app/themed-toaster.tsx,
// mounted in AppProvider) renders them; the rules (position, duration, repeats) live in toast-rules.ts.
import { createElement } from 'react';
import type * as Sonner from 'sonner';

import { createToastDeduper, toastKey, toastPlacement } from './toast-rules';
import type { ToastKind, ToastPosition } from './toast-rules';

/** A button in the toast that does the obvious next thing ('Open dashboard'). */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastRequest {
  kind: ToastKind;
  message: string;
  id: string;
  position: ToastPosition;
  duration: number;
  action?: ToastAction;
}

// sonner loads on demand, off the critical path of the sign-in page (scripts/size-budget.mjs).
// A toast asked for before it arrives is kept by sonner and shown once the <Toaster> mounts.
let sonner: Promise<typeof Sonner> | undefined;

export function loadSonner(): Promise<typeof Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined; // let the next toast try again
    throw error;
  });
  return sonner;
}

/** Hands a toast to sonner. Errors are alerts (announced at once); the others are polite statuses. */
export function showWithSonner({ kind, message, id, position, duration, action }: ToastRequest): void {
  const text = createElement('span', { role: kind === 'error' ? 'alert' : 'status' }, message);
  loadSonner().then(
    ({ toast }) => {
      const show = kind === 'error' ? toast.error : kind === 'info' ? toast.info : toast.success;
      show(text, { id, position, duration, action });
    },
    (error: unknown) => console.warn(`Toast not shown: ${message}`, error),
  );
}

export interface NotifierOptions {
  now?: () => number;
  show?: (request: ToastRequest) => void;
}

export function createNotifier({ now = Date.now, show = showWithSonner }: NotifierOptions = {}) {
  const deduper = createToastDeduper(now);

  /** Shows the toast unless the same one was shown moments ago; answers whether it showed. */
  function notifyOf(kind: ToastKind, message: string, action?: ToastAction): boolean {
    if (!deduper.admit(kind, message)) return false;
    show({ kind, message, id: toastKey(kind, message), ...toastPlacement(kind), ...(action && { action }) });
    return true;
  }

  return {
    /** With an action, the toast carries a button for the next step (the pinned chart's dashboard). */
    success: (message: string, action?: ToastAction) => notifyOf('success', message, action),
    error: (message: string) => notifyOf('error', message),
    info: (message: string) => notifyOf('info', message),
    /** The "sign-in link sent" confirmation: top-centre, 8 s. */
    linkSent: (message: string) => notifyOf('link-sent', message),
  };
}

export type Notifier = ReturnType<typeof createNotifier>;

export const notify: Notifier = createNotifier();
