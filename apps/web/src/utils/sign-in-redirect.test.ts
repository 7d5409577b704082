import { describe, expect, it } from 'vitest';

import { emailToSignInWith, loginStateFor, redirectTargetAfterSignIn } from './sign-in-redirect';

describe('redirectTargetAfterSignIn', () => {
  it.each<[string, unknown, string]>([
    ['no state', undefined, '/'],
    ['null state', null, '/'],
    ['state without from', { other: 1 }, '/'],
    ['a protected page', { from: { pathname: '/organisation', search: '', hash: '' } }, '/organisation'],
    [
      'a project page with query and hash',
      { from: { pathname: '/project/p1/events', search: '?range=7d', hash: '#top' } },
      '/project/p1/events?range=7d#top',
    ],
    ['a path without search or hash', { from: { pathname: '/create-org' } }, '/create-org'],
    ['a protocol-relative URL', { from: { pathname: '//evil.example/x' } }, '/'],
    ['an absolute URL', { from: { pathname: 'https://evil.example' } }, '/'],
    ['a non-string path', { from: { pathname: 42 } }, '/'],
    ['the login page itself', { from: { pathname: '/login' } }, '/'],
  ])('%s → %s', (_case, state, expected) => {
    expect(redirectTargetAfterSignIn(state)).toBe(expected);
  });

  it('round-trips the state the guard writes', () => {
    const location = { pathname: '/project/x/users', search: '?q=a', hash: '', state: null, key: 'k' };
    expect(redirectTargetAfterSignIn(loginStateFor(location))).toBe('/project/x/users?q=a');
  });
});

describe('emailToSignInWith', () => {
  it.each<[string, unknown, string]>([
    ['no state', undefined, ''],
    ['state without an address', { from: { pathname: '/access/c0de', search: '', hash: '' } }, ''],
    ["an invitation's address", { from: { pathname: '/access/c0de', search: '', hash: '' }, email: 'grace@studio.example' }, 'grace@studio.example'],
    ['not a string', { email: 42 }, ''],
    ['no @', { email: 'grace' }, ''],
    ['absurdly long', { email: `${'a'.repeat(320)}@x.example` }, ''],
  ])('%s: %j', (_case, state, expected) => expect(emailToSignInWith(state)).toBe(expected));
});
