// The package's entry for Node: the queue in a JSON file. Picked by the "node" export condition, so
// browser bundles never see node: imports.
import { createClient, type Questboard } from './client';
import { createFileStorage, defaultFileStoragePath } from './file-storage';
import type { QuestboardOptions } from './options';

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
export { createFileStorage } from './file-storage';
export { createMemoryStorage } from './memory-storage';

export function createQuestboard(options: QuestboardOptions): Questboard {
  return createClient(options, ({ key, storage, storagePath }) => ({
    storage: storage ?? createFileStorage({ path: storagePath ?? defaultFileStoragePath(key) }),
  }));
}
