import { createClient, type Platform, type Questboard } from '../client';
import { createMemoryStorage, type MemoryStorage } from '../memory-storage';
import type { QuestboardOptions } from '../options';
import { IngestStandIn, TEST_KEY, countingFetch, recordingLogger } from './ingest-stand-in';
import { ManualClock } from './manual-clock';

/** A stand-in server, a manual clock and a recording logger, and clients wired to all three. */
export interface Harness {
  server: IngestStandIn;
  clock: ManualClock;
  logger: ReturnType<typeof recordingLogger>;
  fetch: ReturnType<typeof countingFetch>;
  /** The storage clients share unless told otherwise, as a reloaded game would. */
  storage: MemoryStorage;
  start(options?: Partial<QuestboardOptions>, platform?: Partial<Platform>): Questboard;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const server = await IngestStandIn.start();
  const clock = new ManualClock();
  const logger = recordingLogger();
  const fetch = countingFetch();
  const storage = createMemoryStorage();
  return {
    server,
    clock,
    logger,
    fetch,
    storage,
    start: (options = {}, platform = {}) =>
      createClient(
        {
          key: TEST_KEY,
          endpoint: server.endpoint,
          fetch: fetch.fetch,
          now: clock.now,
          timers: clock.timers,
          logger,
          // The live config is off unless a test turns it on: the delivery tests count every request.
          remoteConfig: false,
          ...options,
        },
        ({ storage: given }) => ({ storage: given ?? storage, ...platform }),
      ),
    // Clients run on the manual clock, so no timer of theirs is left; only the server is.
    close: () => server.close(),
  };
}

/** Names of the events the server accepted, in order. */
export function acceptedNames(server: IngestStandIn): string[] {
  return server.accepted.map((event) => event.name);
}
