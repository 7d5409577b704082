import { describe, expect, it } from 'vitest';

import { decideAuthValidation, decideProtectedRoute, type RouteInput } from './decide-route';

// A signed-in, fully set-up user at /.
const ready: RouteInput = {
  pathname: '/',
  search: '',
  isLoading: false,
  sessionHint: true,
  isAuthenticated: true,
  isSettingUp: false,
  hasAccount: true,
  hasOrganisation: true,
  needsOrganization: false,
  needsNameSetup: false,
  hasError: false,
  pendingInvitation: null,
  invitationRedirect: null,
};
const noOrg: Partial<RouteInput> = { hasOrganisation: false, needsOrganization: true };
const noName: Partial<RouteInput> = { needsNameSetup: true };

describe('decideProtectedRoute (docs/product/rules-and-messages.md#routing-rules)', () => {
  it.each<[string, Partial<RouteInput>, ReturnType<typeof decideProtectedRoute>]>([
    ['waits while the identity is unknown', { isLoading: true, isAuthenticated: false, pathname: '/organisation', sessionHint: false }, { kind: 'loading', text: 'Loading...' }],
    // Issue 20: a returning visitor's page shows from the 24-hour caches while the session is restored.
    ['renders a project page while a cached, set-up session is restored', { isLoading: true, isAuthenticated: false, pathname: '/project/x/overview' }, { kind: 'render' }],
    ['waits without a session to restore', { isLoading: true, isAuthenticated: false, pathname: '/project/x/overview', sessionHint: false }, { kind: 'loading', text: 'Loading...' }],
    ['waits without a cached organisation', { isLoading: true, isAuthenticated: false, pathname: '/project/x/overview', hasOrganisation: false }, { kind: 'loading', text: 'Loading...' }],
    ['waits without a cached account', { isLoading: true, isAuthenticated: false, pathname: '/project/x/overview', hasAccount: false }, { kind: 'loading', text: 'Loading...' }],
    ['waits when the cached account needs a name', { isLoading: true, isAuthenticated: false, pathname: '/project/x/overview', ...noName }, { kind: 'loading', text: 'Loading...' }],
    ['waits at / and the setup pages, whose rules need the identity', { isLoading: true, isAuthenticated: false, pathname: '/' }, { kind: 'loading', text: 'Loading...' }],
    ['waits at /auth-validation', { isLoading: true, isAuthenticated: false, pathname: '/auth-validation' }, { kind: 'loading', text: 'Loading...' }],
    ['waits when an invitation is pending', { isLoading: true, isAuthenticated: false, pathname: '/project/x/overview', pendingInvitation: { id: 'i', status: 'PENDING' } }, { kind: 'loading', text: 'Loading...' }],
    ['sends a signed-out visitor to /login remembering the origin', { isAuthenticated: false, pathname: '/organisation' }, { kind: 'redirect', to: '/login', rememberOrigin: true }],
    ['renders / for a set-up user', {}, { kind: 'render' }],
    ['sends / to /auth-validation when an organisation is needed', noOrg, { kind: 'redirect', to: '/auth-validation' }],
    ['sends / to /auth-validation when a name is needed', noName, { kind: 'redirect', to: '/auth-validation' }],
    ['keeps / with auth=complete even when still needing setup, removing the parameter', { ...noName, search: '?auth=complete' }, { kind: 'redirect', to: '/', firstVisit: true }],
    ['removes auth=complete and keeps other parameters', { search: '?auth=complete&q=space' }, { kind: 'redirect', to: '/?q=space', firstVisit: true }],
    ['uses a stored invitation redirect once at / for a set-up user', { invitationRedirect: '/access/abc' }, { kind: 'redirect', to: '/access/abc', consumesInvitationRedirect: true }],
    ['does not use the invitation redirect before setup', { ...noOrg, invitationRedirect: '/access/abc' }, { kind: 'redirect', to: '/auth-validation' }],
    ['sends a pending invitation to /access?id=', { pendingInvitation: { id: 'inv 1', status: 'PENDING' }, pathname: '/organisation' }, { kind: 'redirect', to: '/access?id=inv%201' }],
    ['also from /auth-validation and /create-org', { pendingInvitation: { id: 'i', status: 'SENT' }, pathname: '/create-org' }, { kind: 'redirect', to: '/access?id=i' }],
    ['ignores an accepted invitation', { pendingInvitation: { id: 'i', status: 'ACCEPTED' } }, { kind: 'render' }],
    ['ignores a declined invitation', { pendingInvitation: { id: 'i', status: 'DECLINED' } }, { kind: 'render' }],
    ['ignores a CREATE_OWN invitation', { pendingInvitation: { id: 'i', status: 'CREATE_OWN' } }, { kind: 'render' }],
    ['renders /auth-validation while setting up', { pathname: '/auth-validation', isSettingUp: true, hasAccount: false }, { kind: 'render' }],
    ['shows the setup text while registering', { isSettingUp: true, hasAccount: false, pathname: '/organisation' }, { kind: 'loading', text: 'Setting up your account...' }],
    ['shows the organisation text while looking it up', { isSettingUp: true, hasOrganisation: false }, { kind: 'loading', text: 'Loading organisation details...' }],
    ['shows the Setup Error screen on an error', { hasError: true }, { kind: 'setup-error' }],
    ['renders /create-org when an organisation is needed', { ...noOrg, pathname: '/create-org' }, { kind: 'render' }],
    ['sends /create-org back to /auth-validation when not needed', { pathname: '/create-org' }, { kind: 'redirect', to: '/auth-validation' }],
    ['lets a set-up user open /create-org?mode=manual', { pathname: '/create-org', search: '?mode=manual' }, { kind: 'render' }],
    ['renders /complete-profile when a name is needed', { ...noName, pathname: '/complete-profile' }, { kind: 'render' }],
    ['sends /complete-profile back when not needed', { pathname: '/complete-profile' }, { kind: 'redirect', to: '/auth-validation' }],
    ['sends /complete-profile back while an organisation is still needed', { ...noOrg, ...noName, pathname: '/complete-profile' }, { kind: 'redirect', to: '/auth-validation' }],
    ['renders a project page for a set-up user', { pathname: '/project/x/overview' }, { kind: 'render' }],
    ['sends a project page to /auth-validation before setup', { ...noOrg, pathname: '/project/x/overview' }, { kind: 'redirect', to: '/auth-validation' }],
  ])('%s', (_name, overrides, expected) => {
    expect(decideProtectedRoute({ ...ready, ...overrides })).toEqual(expected);
  });
});

describe('decideAuthValidation (docs/product/rules-and-messages.md#routing-rules)', () => {
  const at = (overrides: Partial<RouteInput>) => ({ ...ready, pathname: '/auth-validation', ...overrides });
  it.each<[string, Partial<RouteInput>, boolean, ReturnType<typeof decideAuthValidation>]>([
    ['a pending invitation goes first, without waiting', { pendingInvitation: { id: 'i', status: 'PENDING' }, hasError: true }, false, { kind: 'redirect', to: '/access?id=i' }],
    ['an error goes to /login (signing out)', { hasError: true }, false, { kind: 'redirect', to: '/login', logout: true }],
    ['waits for account data', { isSettingUp: true, hasAccount: false }, true, { kind: 'wait' }],
    ['waits for the 1.5 s delay', {}, false, { kind: 'wait' }],
    ['then to /create-org when an organisation is needed', noOrg, true, { kind: 'redirect', to: '/create-org' }],
    ['then to /complete-profile when a name is needed', noName, true, { kind: 'redirect', to: '/complete-profile' }],
    ['organisation before name', { ...noOrg, ...noName }, true, { kind: 'redirect', to: '/create-org' }],
    ['else refreshes the token and goes to /?auth=complete', {}, true, { kind: 'redirect', to: '/?auth=complete', refreshToken: true }],
  ])('%s', (_name, overrides, elapsed, expected) => {
    expect(decideAuthValidation(at(overrides), elapsed)).toEqual(expected);
  });
});
