import { describe, expect, it } from 'vitest';
import { clearAuthStorage, isAuthStorageKey } from './auth-storage';

describe('isAuthStorageKey', () => {
  it.each([
    ['questboard:account', true],
    ['qb-identity:email-for-sign-in', true],
    ['oauth-state', true],
    ['my-auth-thing', true],
    ['theme-mode', false],
    ['theme-color-scheme', false],
    ['pending_invitation', false],
    ['invitation_redirect_url', false],
    ['Authority', false],
  ])('%s -> %s', (key, expected) => expect(isAuthStorageKey(key)).toBe(expected));
});

describe('clearAuthStorage', () => {
  it('removes the app, identity and auth items and keeps the theme', () => {
    localStorage.clear();
    for (const key of ['questboard:account', 'questboard:organisation', 'qb-identity:email-for-sign-in', 'x-auth', 'theme-mode', 'theme-color-scheme', 'unrelated']) {
      localStorage.setItem(key, '1');
    }
    clearAuthStorage(localStorage);
    expect(Object.keys(localStorage).sort()).toEqual(['theme-color-scheme', 'theme-mode', 'unrelated']);
  });
});
