import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { format } from 'node:util';
import { afterEach, beforeEach, vi } from 'vitest';

import { installDialogPolyfill } from './dialog-polyfill';
import { installFakeMatchMedia } from './match-media';

installDialogPolyfill();

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

afterEach(() => {
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
