import { EMAIL_LINK_DELAY_MS } from '@questboard/shared/limits';

import { parseSignInLink } from '../../lib/session/auth-client';

// docs/product/rules-and-messages.md#auth-state: each link is processed once, after a 100 ms delay. A module-level record
// survives React re-mounting the page (StrictMode, a re-render of the route).
const processed = new Set<string>();

/** Runs `complete` for this link unless it already ran; resolves false when it was skipped. */
export function processEmailLinkOnce(url: string, complete: () => Promise<unknown>, delayMs = EMAIL_LINK_DELAY_MS): Promise<boolean> {
  const code = parseSignInLink(url)?.oobCode;
  if (!code || processed.has(code)) return Promise.resolve(false);
  processed.add(code);
  return new Promise((resolve, reject) => {
    setTimeout(() => {
      complete().then(() => resolve(true), reject);
    }, delayMs);
  });
}

/** For tests only: forget which links ran. */
export function resetProcessedEmailLinks() {
  processed.clear();
}
