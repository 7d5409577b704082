import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createQuestboard } from './node';
import { IngestStandIn, TEST_KEY, recordingLogger } from './testing/ingest-stand-in';
import type { PersistedState } from './types';

// The Node entry as a game uses it: real fetch, real timers, the queue in a JSON file.

describe('in Node', () => {
  let server: IngestStandIn;
  let dir: string;
  beforeEach(async () => {
    server = await IngestStandIn.start();
    dir = await mkdtemp(path.join(tmpdir(), 'questboard-sdk-'));
  });
  afterEach(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps its state in the file at storagePath and delivers on the interval', async () => {
    const storagePath = path.join(dir, 'analytics.json');
    const qb = createQuestboard({
      key: TEST_KEY,
      endpoint: `${server.endpoint}/`,
      storagePath,
      flushIntervalMs: 20,
      platform: 'linux',
    });
    qb.track('boot');
    await expect.poll(() => server.accepted.length, { timeout: 2000 }).toBe(2);
    await qb.shutdown();
    const state = JSON.parse(await readFile(storagePath, 'utf8')) as PersistedState;
    expect(state.queue).toEqual([]);
    expect(server.accepted.map((event) => [event.name, event.user_id, event.platform])).toEqual([
      ['session_start', state.anonymousId, 'linux'],
      ['boot', state.anonymousId, 'linux'],
    ]);
  });

  it('keeps the last live config in the file, so a start without the server still gets its values', async () => {
    const storagePath = path.join(dir, 'analytics.json');
    server.live.publish({ keys: [{ name: 'shop.discount', type: 'number', defaultValue: 0.3, description: '', rules: [] }], events: [] });
    const first = createQuestboard({ key: TEST_KEY, endpoint: server.endpoint, storagePath });
    await first.refreshConfig();
    await first.shutdown();
    const state = JSON.parse(await readFile(storagePath, 'utf8')) as PersistedState;
    expect(state.liveConfig).toMatchObject({ version: 1, values: { 'shop.discount': 0.3 } });

    await server.down();
    const offline = createQuestboard({ key: TEST_KEY, endpoint: server.endpoint, storagePath });
    expect(offline.getConfig('shop.discount', 0)).toBe(0.3);
    await offline.shutdown();
  });

  it('does nothing but warn without an endpoint', async () => {
    const logger = recordingLogger();
    const qb = createQuestboard({
      key: TEST_KEY,
      endpoint: 'analytics.example.com',
      storagePath: path.join(dir, 'never.json'),
      logger,
    });
    qb.track('boot');
    await qb.shutdown();
    expect(logger.messages).toEqual([
      'Questboard: endpoint must be an http(s) URL like https://analytics.example.com (got "analytics.example.com"); nothing will be sent',
    ]);
    await expect(readFile(path.join(dir, 'never.json'))).rejects.toThrow(/ENOENT/);
  });
});
