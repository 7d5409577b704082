import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage } from './file-storage';
import { acceptedNames, startHarness, type Harness } from './testing/harness';
import type { PersistedState } from './types';

describe('persistence', () => {
  let h: Harness;
  let dir: string;
  let file: string;
  beforeEach(async () => {
    h = await startHarness();
    dir = await mkdtemp(path.join(tmpdir(), 'questboard-sdk-'));
    file = path.join(dir, 'queue.json');
  });
  afterEach(async () => {
    await h.close();
    await rm(dir, { recursive: true, force: true });
  });

  const onDisk = async () => JSON.parse(await readFile(file, 'utf8')) as PersistedState;

  it('events queued while the server is down survive a crash and are delivered exactly once by the next run', async () => {
    await h.server.down();
    const crashed = h.start({ storage: createFileStorage({ path: file }) });
    crashed.track('a');
    crashed.track('b', { level: 2 });
    await crashed.flush(); // fails: the server is down
    const queued = (await onDisk()).queue;
    expect(queued.map((event) => event.name)).toEqual(['session_start', 'a', 'b']);
    // The game dies here: `crashed` is never shut down, and its clock never moves again.

    await h.server.up();
    const next = h.start({ storage: createFileStorage({ path: file }) });
    expect(h.fetch.calls).toBe(2); // sent at start, without waiting for the interval
    await next.flush();
    expect(h.server.accepted).toEqual(queued);
    expect((await onDisk()).queue).toEqual([]);

    const third = h.start({ storage: createFileStorage({ path: file }) });
    h.clock.advance(60_000);
    await third.flush();
    await next.flush();
    expect(h.server.accepted.map((event) => event.insert_id)).toEqual(queued.map((event) => event.insert_id));
  });

  it('shutdown() with the server down keeps the events on disk for the next run', async () => {
    await h.server.down();
    const first = h.start({ storage: createFileStorage({ path: file }) });
    first.identify('player-7');
    first.track('a');
    await first.shutdown();
    expect(await onDisk()).toMatchObject({ userId: 'player-7', queue: [{ name: 'session_start' }, { name: 'a' }] });

    await h.server.up();
    const second = h.start({ storage: createFileStorage({ path: file }) });
    await second.shutdown();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a']);
    expect(h.server.accepted.map((event) => event.user_id)).toEqual(['player-7', 'player-7']);
  });

  it('drops the oldest events past maxQueueSize, warning once', async () => {
    await h.server.down();
    const qb = h.start({ maxQueueSize: 5, maxBatchSize: 5, flushIntervalMs: 3_600_000 });
    for (let index = 1; index <= 8; index += 1) qb.track(`e${index}`);
    await qb.flush();
    expect(h.storage.saved?.queue.map((event) => event.name)).toEqual(['e4', 'e5', 'e6', 'e7', 'e8']);
    await h.server.up();
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['e4', 'e5', 'e6', 'e7', 'e8']);
    expect(h.logger.messages).toEqual([
      'Questboard: the queue is full (5 events): the oldest events are being dropped',
    ]);
  });

  it('starts afresh, with a warning, from a file it cannot read', async () => {
    await writeFile(file, 'not json');
    const qb = h.start({ storage: createFileStorage({ path: file }) });
    qb.track('a');
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a']);
    expect(h.logger.messages).toHaveLength(1);
    expect(h.logger.messages[0]).toMatch(/^Questboard: could not read the saved state \(.*\); starting afresh$/);
    expect((await onDisk()).anonymousId).toBe(h.server.accepted[0]?.user_id);
  });

  it('carries on in memory, warning once, when the storage cannot save', async () => {
    const qb = h.start({
      storage: {
        load: () => undefined,
        save: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    qb.track('a');
    qb.track('b');
    await qb.flush();
    qb.track('c');
    await qb.flush();
    expect(acceptedNames(h.server)).toEqual(['session_start', 'a', 'b', 'c']);
    expect(h.logger.messages).toEqual([
      'Questboard: could not save the queue (QuotaExceededError); events are kept in memory until saving works again',
    ]);
  });
});
