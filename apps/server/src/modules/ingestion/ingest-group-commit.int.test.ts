import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IngestKeyList } from '@questboard/shared/developer';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { openDuckDbEventStore } from '../events/duckdb-event-store';
import { projectTable } from '../events/event-table';

// Issue 20: many players' small requests share one commit (ADR 008, ADR 023). Each request is
// answered once its events are durable; duplicates stay out within and across groups.

const players = 40;

describe.each(databaseTargets)('group commit of small requests on $name', (target) => {
  let dir: string;
  let file: string;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let projectId: string;
  let key: string;
  let closed = false;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-group-'));
    file = path.join(dir, 'events.duckdb');
    t = await createTestApp(target, { events: await openDuckDbEventStore({ file }) });
    closed = false;
    const owner = await signUpOwner(t.app, 'ada@pixel.example', 'Pixel Forge');
    projectId = (await createProject(t.app, owner.token, 'Pixel Quest')).id;
    key = (await core(t.app, owner.token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys[0]!.key;
  });
  afterEach(async () => {
    if (!closed) await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const at = Date.now();
  /** Player n's event happened n minutes before player n - 1's. */
  const event = (n: number, id = `p${n}`) => ({ insert_id: id, name: 'level_start', user_id: `player-${n}`, timestamp: new Date(at - n * 60_000).toISOString() });
  const ingest = (events: object[]) => t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events } });

  /** The stored insert_ids in their order on disk (closes the app and its store first). */
  async function storedOrder(): Promise<string[]> {
    await t.close();
    closed = true;
    const instance = await DuckDBInstance.create(file);
    try {
      const connection = await instance.connect();
      const rows = (await connection.runAndReadAll(`SELECT insert_id FROM ${projectTable(projectId)} ORDER BY rowid`)).getRowsJS();
      connection.closeSync();
      return rows.map(([id]) => id as string);
    } finally {
      instance.closeSync();
    }
  }

  it('answers every concurrent request once durable, the requests sharing their commit', async () => {
    // Warm: the key is in the state cache, as it is for a running game.
    expect((await ingest([event(1000, 'warm-up')])).statusCode).toBe(200);
    const answers = await Promise.all(Array.from({ length: players }, (_, n) => ingest([event(n)])));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: players }, () => 200));
    expect(answers.map((answer) => answer.json<{ accepted: number }>().accepted)).toEqual(Array.from({ length: players }, () => 1));
    expect((await t.events.summary(projectId)).totalEvents).toBe(players + 1);
    // A commit inserts its rows ordered by event time, so each commit is a run of falling player
    // numbers on disk. The writer takes every write of an event-loop turn (pinned in
    // duckdb-event-store.int.test.ts); on PostgreSQL the key check reads the cache version, so the
    // first request can reach the writer a turn before the rest: two commits at most, never forty.
    const order = (await storedOrder()).slice(1).map((id) => Number(id.slice(1)));
    const commits = 1 + order.filter((n, i) => i > 0 && n > order[i - 1]!).length;
    expect(commits).toBeLessThanOrEqual(2);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: players }, (_, n) => n));
  });

  it('stores an insert_id once when it comes twice in one group and again in a later group', async () => {
    const first = await Promise.all([ingest([event(1), event(2)]), ingest([event(1), event(3)]), ingest([event(2, 'p2'), event(4)])]);
    expect(first.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const again = await Promise.all([ingest([event(1), event(5)]), ingest([event(4), event(5)])]);
    expect(again.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect((await t.events.summary(projectId)).totalEvents).toBe(5);
    expect((await storedOrder()).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
  });
});
