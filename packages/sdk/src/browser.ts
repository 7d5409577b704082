// The package's entry for browsers (and every runtime that is not Node): the queue in localStorage,
// and a last send with keepalive when the page is hidden.
import { createClient, type Questboard } from './client';
import { createLocalStorage, defaultLocalStorageKey } from './local-storage';
import type { QuestboardOptions } from './options';
import { watchPageHide } from './page-lifecycle';

export type { Purchase, Questboard } from './client';
export type { QuestboardOptions } from './options';
export type { ConfigListener } from './remote-config';
export type {
  EventProperties,
  FetchLike,
  IngestEvent,
  Logger,
  PersistedState,
  PropertyValue,
  QuestboardStorage,
  Timers,
} from './types';
export { createLocalStorage } from './local-storage';
export { createMemoryStorage } from './memory-storage';

export function createQuestboard(options: QuestboardOptions): Questboard {
  return createClient(options, ({ key, storage }) => ({
    storage: storage ?? createLocalStorage({ key: defaultLocalStorageKey(key) }),
    watchPageHide: (onHide) => watchPageHide(onHide),
  }));
}
