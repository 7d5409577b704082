// The ID token for API calls, and the one refresh at a time that docs/product/http-contract.md#core-calls asks for on 401.
import { unauthenticatedError } from './api-error';
import { abortable } from './api-fetch';

/** Where tokens come from. The identity issue plugs the real AuthClient in. */
export interface TokenSource {
  /** The signed-in user's ID token, refreshed first when `forceRefresh`; null when nobody is signed in. */
  getIdToken(forceRefresh: boolean): Promise<string | null>;
}

export type ForceLogoutReason =
  /** An authenticated call was made with nobody signed in. */
  | 'no-signed-in-user'
  /** A 401 asked for a new token and the refresh failed. */
  | 'token-refresh-failed'
  /** A 401 on a call that forces logout at once (account registration). */
  | 'unauthorized';

export type ForceLogoutHandler = (reason: ForceLogoutReason) => void;

/** A token, and which refresh it came after: a 401 on a token older than the last refresh needs no new one. */
export interface IssuedToken {
  token: string;
  generation: number;
}

export interface TokenGate {
  /** The current token; waits for a refresh under way. Forces logout and rejects with a 401 when nobody is signed in. */
  current(signal?: AbortSignal): Promise<IssuedToken>;
  /** A fresh token after `rejected` got a 401: joins the refresh under way or starts the only one. */
  renew(rejected: IssuedToken, signal?: AbortSignal): Promise<string>;
}

export function createTokenGate(source: TokenSource, forceLogout: ForceLogoutHandler): TokenGate {
  let generation = 0;
  let refreshing: Promise<string> | null = null;

  async function refresh(): Promise<string> {
    let token: string | null;
    try {
      token = await source.getIdToken(true);
    } catch (error) {
      forceLogout('token-refresh-failed');
      throw unauthenticatedError(error);
    }
    if (token === null) {
      forceLogout('token-refresh-failed');
      throw unauthenticatedError();
    }
    generation += 1;
    return token;
  }

  async function current(signal?: AbortSignal): Promise<IssuedToken> {
    if (refreshing !== null) {
      const token = await abortable(refreshing, signal);
      return { token, generation };
    }
    const issuedAfter = generation;
    const token = await source.getIdToken(false);
    if (token === null) {
      forceLogout('no-signed-in-user');
      throw unauthenticatedError();
    }
    return { token, generation: issuedAfter };
  }

  async function renew(rejected: IssuedToken, signal?: AbortSignal): Promise<string> {
    if (refreshing === null && rejected.generation !== generation) return (await current(signal)).token;
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    return abortable(refreshing, signal);
  }

  return { current, renew };
}
