import type { Location } from 'react-router';

import { paths } from '../config/paths';

/** Router state left on /login (by the sign-in guard or an invitation): where the visitor was going. */
export interface LoginLocationState {
  from: Pick<Location, 'pathname' | 'search' | 'hash'>;
  /** The address to sign in with, when known (an invitation names it): /login fills it in. */
  email?: string;
}

export function loginStateFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): LoginLocationState {
  return { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
}

/**
 * Where to go after signing in: the remembered in-app path, else home. Router state can hold
 * anything, so accept only a same-origin absolute path (not `//host`, not back to /login).
 */
export function redirectTargetAfterSignIn(state: unknown): string {
  const from = (state as Partial<LoginLocationState> | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//')) {
    return paths.home.getHref();
  }
  if (pathname === paths.login.path) return paths.home.getHref();
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}

/** The address /login starts with: the one the router state names (an invitation's), else none. */
export function emailToSignInWith(state: unknown): string {
  const email = (state as Partial<LoginLocationState> | null | undefined)?.email;
  // Router state can hold anything: only a plausible address fills the field.
  return typeof email === 'string' && email.length <= 320 && email.includes('@') ? email : '';
}
