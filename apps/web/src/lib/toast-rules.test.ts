import { describe, expect, it } from 'vitest';

import { createToastDeduper, dedupeWindowMs, isAuthMessage, toastPlacement } from './toast-rules';
import type { ToastKind } from './toast-rules';

// The numbers of docs/product/rules-and-messages.md#constants, written out.
describe('toastPlacement', () => {
  it.each<[ToastKind, string, number]>([
    ['success', 'top-right', 5000],
    ['info', 'top-right', 5000],
    ['error', 'top-right', 8000],
    ['link-sent', 'top-center', 8000],
  ])('%s shows %s for %i ms', (kind, position, duration) => {
    expect(toastPlacement(kind)).toEqual({ position, duration });
  });
});

describe('isAuthMessage', () => {
  it.each([
    ['Failed to send sign-in link. Please try again.', true],
    ['Google sign-in failed. Please try again.', true],
    ['Sign in to continue', true],
    ['Signin expired', true],
    ['Successfully signed in with email link!', true],
    ['Failed to refresh authentication token', true],
    ['Sign-in link sent! Please check your inbox and spam folder.', true],
    ['Open the e-mail link on this device', true],
    ['Invalid sign-in link. Please request a new one.', true],
    ['Organisation created successfully!', false],
    ['Failed to load project', false],
    ['Network error. Please check your connection and try again.', false],
    ['Signing key rotated', false],
    ['Email sent to the team', false],
  ])('%j → %s', (message, expected) => {
    expect(isAuthMessage(message)).toBe(expected);
  });
});

describe('dedupeWindowMs', () => {
  it.each<[ToastKind, string, number]>([
    ['success', 'Organisation created successfully!', 5000],
    ['error', 'Failed to load project', 5000],
    ['error', 'Google sign-in failed. Please try again.', 10_000],
    ['info', 'Failed to refresh authentication token', 10_000],
    ['link-sent', 'Check your inbox', 10_000],
  ])('%s %j is suppressed for %i ms', (kind, message, window) => {
    expect(dedupeWindowMs(kind, message)).toBe(window);
  });
});

type Attempt = [atMs: number, kind: ToastKind, message: string, shown: boolean];
const PROJECT = 'Failed to load project';
const AUTH = 'Failed to complete sign-in. Please try again.';

describe('createToastDeduper', () => {
  it.each<[string, Attempt[]]>([
    ['a first toast shows', [[0, 'error', PROJECT, true]]],
    [
      'the same toast 1 ms before 5 s is suppressed',
      [
        [0, 'error', PROJECT, true],
        [4999, 'error', PROJECT, false],
      ],
    ],
    [
      'the same toast at 5 s shows again',
      [
        [0, 'error', PROJECT, true],
        [5000, 'error', PROJECT, true],
      ],
    ],
    [
      'suppressed repeats do not extend the window',
      [
        [0, 'info', PROJECT, true],
        [3000, 'info', PROJECT, false],
        [5000, 'info', PROJECT, true],
      ],
    ],
    [
      'another message shows at once',
      [
        [0, 'error', PROJECT, true],
        [1, 'error', 'Failed to update name', true],
      ],
    ],
    [
      'another kind with the same text shows at once',
      [
        [0, 'error', PROJECT, true],
        [1, 'info', PROJECT, true],
      ],
    ],
    [
      'an auth message is suppressed at 9.999 s',
      [
        [0, 'error', AUTH, true],
        [9999, 'error', AUTH, false],
      ],
    ],
    [
      'an auth message shows again at 10 s',
      [
        [0, 'error', AUTH, true],
        [10_000, 'error', AUTH, true],
      ],
    ],
    [
      'the link-sent toast is suppressed for 10 s',
      [
        [0, 'link-sent', 'Sent', true],
        [7000, 'link-sent', 'Sent', false],
      ],
    ],
    [
      'windows restart from the last shown time',
      [
        [0, 'success', 'Saved', true],
        [6000, 'success', 'Saved', true],
        [10_000, 'success', 'Saved', false],
      ],
    ],
  ])('%s', (_name, attempts) => {
    let now = 0;
    const deduper = createToastDeduper(() => now);
    for (const [at, kind, message, shown] of attempts) {
      now = at;
      expect(deduper.admit(kind, message), `${kind} ${message} at ${at} ms`).toBe(shown);
    }
  });
});
