import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { outageMessages } from '../../lib/outage';
import { openDuckDbEventStore } from './duckdb-event-store';

// Issue 21, ADR 012: a full disk made ingestion answer 500 while /readyz said ready. A real full
// disk: the event store lives on a small tmpfs, filled up with a file. Mounting needs root (or
// CAP_SYS_ADMIN); without it this test is skipped, loudly.
const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-full-disk-'));
const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', mountPoint]).status === 0;
if (!mounted) {
  fs.rmSync(mountPoint, { recursive: true, force: true });
  process.stderr.write(`\n!! Cannot mount a small tmpfs here (needs root): SKIPPING the full-disk test of the event store.\n\n`);
}

describe.skipIf(!mounted)('a full disk under the event store', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let key: string;
  let projectId: string;
  const filler = path.join(mountPoint, 'filler');

  beforeAll(async () => {
    const events = await openDuckDbEventStore({ file: path.join(mountPoint, 'events.duckdb') });
    t = await createTestApp(databaseTargets[0]!, { events });
    const owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    key = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
  });
  afterAll(async () => {
    fs.rmSync(filler, { force: true });
    await t.close();
    spawnSync('umount', ['-l', mountPoint]);
    fs.rmSync(mountPoint, { recursive: true, force: true });
  });

  const ingest = (ids: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/ingest/v1/batch',
      headers: { 'x-ingest-key': key },
      payload: { events: ids.map((id) => ({ insert_id: id, name: 'level_start', user_id: 'p-1', timestamp: new Date().toISOString(), properties: { pad: 'x'.repeat(500) } })) },
    });
  const readiness = () => t.app.inject({ method: 'GET', url: '/readyz' });

  /** Writes a file until the filesystem refuses: the disk is full. */
  function fillDisk() {
    const block = Buffer.alloc(64 * 1024, 1);
    const fd = fs.openSync(filler, 'w');
    try {
      for (;;) fs.writeSync(fd, block);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      fs.closeSync(fd);
    }
  }

  it('answers 503 with Retry-After and is not ready while the disk is full; stores the retried batch once there is room', async () => {
    expect((await ingest(['before'])).json()).toEqual({ accepted: 1, rejected: [] });
    fillDisk();

    const refused = await ingest(Array.from({ length: 200 }, (_, index) => `during-${index}`));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual({ code: 'SERVICE_UNAVAILABLE', message: outageMessages.storage });
    const notReady = await readiness();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', eventStore: 'error' } });
    // Nothing half-written: only the event from before the disk filled is stored.
    expect((await t.events.summary(projectId)).totalEvents).toBe(1);

    fs.rmSync(filler);
    expect((await readiness()).statusCode).toBe(200);
    const retried = await ingest(Array.from({ length: 200 }, (_, index) => `during-${index}`));
    expect(retried.json()).toEqual({ accepted: 200, rejected: [] });
    expect((await t.events.summary(projectId)).totalEvents).toBe(201);
  });
});
