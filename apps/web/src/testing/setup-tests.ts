import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { format } from 'node:util';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';

import { installDialogPolyfill } from './dialog-polyfill';
import { installFakeMatchMedia } from './match-media';

installDialogPolyfill();

// findBy* and waitFor give up after 10 s instead of Testing Library's 1 s: CI runs these files beside
// the type check and lint on two cores, where a render after a stand-in's answer has taken over a
// second, and some CI machines are half as fast as others (ADR 018, eighth revision). A passing test
// waits no longer than before; only a failing one reports later.
configure({ asyncUtilTimeout: 10_000 });

// Any console.error fails the test (React warnings, act() mistakes, failed prop types...). A test
// that expects one replaces the implementation: vi.spyOn(console, 'error').mockImplementation(...)
let consoleErrors: string[] = [];

beforeEach(() => {
  consoleErrors = [];
  const original = console.error.bind(console);
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(format(...args));
    original(...args);
  });
  installFakeMatchMedia(false);
  // jsdom does not scroll; React Router's <ScrollRestoration> calls this on every navigation.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

// Sonner removes a closed toast 200 ms later on a timer that unmounting does not clear. If that
// timer fires after the file's jsdom is torn down, React's setState reads `window` and Vitest
// reports "window is not defined" as an unhandled error. A file that showed a toast waits it out.
const SONNER_REMOVAL_DELAY_MS = 200;
let showedToast = false;

afterAll(async () => {
  if (showedToast) await new Promise((resolve) => setTimeout(resolve, SONNER_REMOVAL_DELAY_MS + 100));
});

afterEach(() => {
  if (document.querySelector('[data-sonner-toast]')) showedToast = true;
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  const errors = consoleErrors;
  consoleErrors = [];
  if (errors.length > 0) {
    throw new Error(`console.error was called during the test:\n${errors.join('\n---\n')}`);
  }
});
