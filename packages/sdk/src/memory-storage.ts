import type { PersistedState, QuestboardStorage } from './types';

export interface MemoryStorage extends QuestboardStorage {
  /** A copy of the state saved last. */
  readonly saved: PersistedState | undefined;
}

/** Keeps the state for the life of the page or process: for tests, and where nothing can be written. */
export function createMemoryStorage(initial?: PersistedState): MemoryStorage {
  // Copies in and out, like a real storage, so the SDK's later changes never leak into it.
  let saved = initial === undefined ? undefined : structuredClone(initial);
  return {
    get saved() {
      return saved === undefined ? undefined : structuredClone(saved);
    },
    load: () => (saved === undefined ? undefined : structuredClone(saved)),
    save: (state) => {
      saved = structuredClone(state);
    },
  };
}
