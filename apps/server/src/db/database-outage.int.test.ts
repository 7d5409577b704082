import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestKeyList } from '@questboard/shared/developer';
import { buildApp, type App } from '../app';
import { parseConfig } from '../config';
import { outageMessages } from '../lib/outage';
import type { EventStore } from '../modules/events/event-store';
import { openEventStore } from '../modules/events/open-event-store';
import { findPostgresBinaries, startPostgresCluster, type PostgresCluster } from '../../test/postgres-cluster';
import { core, signUpOwner } from '../../test/organisation-helpers';
import { createProject } from '../../test/project-helpers';
import { openDatabase, type Database } from './database';

// Issue 21, ADR 012: a stopped or frozen PostgreSQL made every call a 500, and a frozen one held
// /readyz for minutes. Its own cluster, so this test can stop and freeze it without touching others.
const binDir = findPostgresBinaries();
const fewSecondsMs = 7_000;

describe.skipIf(!binDir)('a PostgreSQL outage (DATABASE_URL)', () => {
  let cluster: PostgresCluster;
  let dataDir: string;
  let database: Database;
  let events: EventStore;
  let app: App;
  let token: string;
  let projectId: string;
  let ingestKey: string;
  let sent = 0;

  beforeAll(async () => {
    cluster = await startPostgresCluster(binDir!);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-outage-'));
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: cluster.url });
    database = await openDatabase({ dataDir, databaseUrl: config.databaseUrl });
    events = await openEventStore(config);
    app = await buildApp({ config, database, events, logger: false });
    await app.ready();
    const owner = await signUpOwner(app, 'ada@pixel.example', 'Pixel Forge');
    token = owner.token;
    projectId = (await createProject(app, token, 'Pixel Quest')).id;
    ingestKey = (await core(app, token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
  }, 120_000);

  afterAll(async () => {
    // A failed assertion may leave the server frozen or stopped: never leave it so.
    try {
      cluster.thaw();
    } catch {
      // It was stopped, not frozen.
    }
    await app.close();
    await events.close();
    await database.close();
    cluster.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One call of each surface: /core, /auth, /ingest. */
  const calls = () => ({
    core: core(app, token, 'GET', `/core/projects/${projectId}/ingest-keys`),
    auth: app.inject({ method: 'POST', url: '/auth/v1/email-link/send', payload: { email: 'grace@pixel.example' }, remoteAddress: '127.0.0.1' }),
    ingest: app.inject({
      method: 'POST',
      url: '/ingest/v1/batch',
      headers: { 'x-ingest-key': ingestKey },
      payload: { events: [{ insert_id: `e-${sent++}`, name: 'level_start', user_id: 'p-1', timestamp: new Date().toISOString() }] },
    }),
  });

  async function expectUnavailable() {
    const startedAt = Date.now();
    const { core: coreCall, auth, ingest } = calls();
    const [answers, readiness] = await Promise.all([Promise.all([coreCall, auth, ingest]), app.inject({ method: 'GET', url: '/readyz' })]);
    const answers_: [string, LightMyRequestResponse][] = [
      ['/core', answers[0]],
      ['/auth', answers[1]],
      ['/ingest', answers[2]],
    ];
    for (const [surface, response] of answers_) {
      expect(response.statusCode, `${surface}: ${response.body}`).toBe(503);
      expect(response.headers['retry-after'], surface).toBe('5');
      expect(response.json(), surface).toEqual({ code: 'SERVICE_UNAVAILABLE', message: outageMessages.database });
    }
    expect(readiness.statusCode).toBe(503);
    expect(readiness.json()).toEqual({ status: 'unavailable', checks: { database: 'error', eventStore: 'ok' } });
    expect(Date.now() - startedAt).toBeLessThan(fewSecondsMs);
  }

  async function expectRecovered() {
    const deadline = Date.now() + 20_000;
    while ((await app.inject({ method: 'GET', url: '/readyz' })).statusCode !== 200) {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const { core: coreCall, auth, ingest } = calls();
    expect((await coreCall).statusCode).toBe(200);
    expect((await auth).statusCode).toBe(200);
    expect((await ingest).json()).toEqual({ accepted: 1, rejected: [] });
  }

  // Frozen first, while the pool still holds live connections: those wait on query_timeout.
  it('answers 503 with Retry-After within seconds while the server is frozen, /readyz included, and recovers once it thaws', async () => {
    cluster.freeze();
    try {
      await expectUnavailable();
      // Still bounded once the pool's connections have given up: new ones time out too.
      await expectUnavailable();
    } finally {
      cluster.thaw();
    }
    await expectRecovered();
  }, 60_000);

  it('answers 503 with Retry-After within seconds while the server is stopped, and recovers once it is back', async () => {
    cluster.halt();
    try {
      await expectUnavailable();
    } finally {
      cluster.resume();
    }
    await expectRecovered();
  }, 60_000);
});
