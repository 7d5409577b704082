import type { AuthClient, AuthStateListener, AuthUser } from '../lib/session/auth-client';
import { parseSignInLink } from '../lib/session/auth-client';

/**
 * An AuthClient that keeps its state in memory, for component tests: the pages run their real
 * code against it without a server. It records what was asked of it.
 */
export function createMemoryAuthClient(initial: AuthUser | null = null) {
  let user: AuthUser | null = initial;
  const listeners = new Set<AuthStateListener>();
  const calls: { method: string; args: unknown[] }[] = [];
  const emit = () => {
    for (const listener of listeners) listener(user);
  };
  let failNext: Error | null = null;
  const maybeFail = () => {
    const error = failNext;
    failNext = null;
    if (error) throw error;
  };

  const client: AuthClient & {
    calls: typeof calls;
    /** What sendSignInLinkToEmail answers: a server without SMTP sets the dev mailbox page. */
    devMailbox: string | null;
    failNextWith(error: Error): void;
    setUser(next: AuthUser | null): void;
  } = {
    get currentUser() {
      return user;
    },
    calls,
    devMailbox: null,
    failNextWith(error) {
      failNext = error;
    },
    setUser(next) {
      user = next;
      emit();
    },
    async sendSignInLinkToEmail(email, options) {
      calls.push({ method: 'sendSignInLinkToEmail', args: [email, options] });
      maybeFail();
      return { devMailbox: client.devMailbox };
    },
    isSignInWithEmailLink: (url) => parseSignInLink(url) !== null,
    async signInWithEmailLink(email, url) {
      calls.push({ method: 'signInWithEmailLink', args: [email, url] });
      maybeFail();
      user = { uid: 'memory-user', email, displayName: null, photoURL: null, emailVerified: true };
      emit();
      return { redirectTo: null };
    },
    async signInWithGoogle(options) {
      calls.push({ method: 'signInWithGoogle', args: [options] });
      maybeFail();
    },
    async signOut() {
      calls.push({ method: 'signOut', args: [] });
      user = null;
      emit();
    },
    async getIdToken() {
      return user ? 'memory-token' : null;
    },
    onAuthStateChanged(listener) {
      listeners.add(listener);
      listener(user);
      return () => listeners.delete(listener);
    },
  };
  return client;
}
