// Issue 20: how fresh an analytics read must be (ADR 022). A live game commits events many times a
// second, so a read that had to see every acknowledged event would wait for a refresh of the
// rollups, and often for the one after it: the overview's p50 was 17–31 s under the load test.

/** A project's data and rollups, as versions of its events (ADR 016: bumped after every committed change). */
export interface RollupState {
  /** The data version now. */
  version: number;
  /** The version after the last change no read may miss (a delete); at most `version`. */
  exact: number;
  /** The data version when the last refresh that succeeded began: the rollups hold every change up to it (-1: none). */
  refreshed: number;
  /** The data version when the refresh in progress began, or null when none runs. */
  refreshing: number | null;
}

/**
 * The oldest data version a read beginning now may be answered from.
 *
 * - No refresh running, or one that began after every change so far: every change (read-after-
 *   write: an acknowledged ingestion or delete is in the next read).
 * - Events committed while a refresh runs (a stream): the rollups as they are, so the read waits
 *   for no refresh and an answer already computed on them is served at once; the refresh running
 *   takes the newer events in, and a read after it (none running) sees them. Never from before
 *   the last delete.
 */
export function acceptableVersion(state: RollupState): number {
  if (state.refreshing !== null && state.refreshing < state.version) return Math.max(state.exact, state.refreshed);
  return state.version;
}
