// Browser storage of the sign-in flow (docs/product/rules-and-messages.md (entities, states and transitions)). Every key the app owns starts
// with the app prefix, so forced logout can find them; the theme keys are kept.

/** Keys of the app's own items start with this. */
export const APP_STORAGE_PREFIX = 'questboard:';
/** Keys the identity layer writes start with this. */
export const IDENTITY_STORAGE_PREFIX = 'qb-identity:';

export const storageKeys = {
  /** The e-mail address a sign-in link was sent to, kept until the link is completed. */
  emailForSignIn: `${IDENTITY_STORAGE_PREFIX}email-for-sign-in`,
  /** Where a signed-out visitor wanted to go (restored after the e-mail link round trip). */
  signInReturnTo: `${APP_STORAGE_PREFIX}sign-in-return-to`,
} as const;

const keptKeys = new Set(['theme-mode', 'theme-color-scheme']);

/** Forced logout: keys with the app or identity prefix, or containing "auth", go; the theme stays. */
export function isAuthStorageKey(key: string): boolean {
  if (keptKeys.has(key)) return false;
  return key.startsWith(APP_STORAGE_PREFIX) || key.startsWith(IDENTITY_STORAGE_PREFIX) || key.includes('auth');
}

export function clearAuthStorage(storage: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  const doomed: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key !== null && isAuthStorageKey(key)) doomed.push(key);
  }
  for (const key of doomed) storage.removeItem(key);
}

/** localStorage that never throws (private mode, disabled storage). */
export const safeStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      localStorage.setItem(key, value);
    } catch {
      // Storage unavailable: the flow still works, it just cannot remember.
    }
  },
  remove(key: string): void {
    try {
      localStorage.removeItem(key);
    } catch {
      // Nothing to remove.
    }
  },
};
