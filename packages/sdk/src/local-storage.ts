import type { PersistedState, QuestboardStorage } from './types';

export const LOCAL_STORAGE_PREFIX = 'questboard:';

/** The part of the Web Storage API the SDK uses; `window.localStorage` fits. */
export interface WebStorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface LocalStorageOptions {
  /** The localStorage key; `questboard:` followed by the ingestion key unless given. */
  key: string;
  /** `globalThis.localStorage` unless given. */
  localStorage?: WebStorageLike;
}

/** One key per ingestion key, so two games served from one origin never mix their players or queues. */
export function defaultLocalStorageKey(ingestKey: string): string {
  return `${LOCAL_STORAGE_PREFIX}${ingestKey}`;
}

/**
 * The browser's storage: the state as one JSON string under one key. Reading `localStorage` itself
 * throws in sandboxed frames and some private modes, and writing throws past the origin's quota; the
 * SDK turns either into one warning and keeps the queue in memory.
 */
export function createLocalStorage({ key, localStorage }: LocalStorageOptions): QuestboardStorage {
  const store = (): WebStorageLike => {
    const found = localStorage ?? (globalThis as { localStorage?: WebStorageLike }).localStorage;
    if (found === undefined) throw new Error('localStorage is not available here');
    return found;
  };
  return {
    load() {
      const text = store().getItem(key);
      return text === null ? undefined : (JSON.parse(text) as PersistedState);
    },
    save(state) {
      store().setItem(key, JSON.stringify(state));
    },
  };
}
