import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import { createTestApp } from '../../../test/test-app';
import { databaseTargets, type DatabaseTarget } from '../../../test/databases';
import { repoRoot } from '../../../test/product-process';
import { makeTestFolder } from '../../../test/test-temp-root';
import { freePort } from '../../../test/postgres-cluster';
import { clickHouseForTests, startClickHouse, type ClickHouseNode } from '../../../test/clickhouse-cluster';
import { firstDifference } from '../../../test/reference-metrics';
import { money, today, views } from '../../../test/reference-population';
import { addMember, core, invite, signUpOwner } from '../../../test/organisation-helpers';
import { refresh, refreshCookieOf } from '../../../test/identity-helpers';
import { createProject } from '../../../test/project-helpers';
import { event, ingest } from '../../../test/ingest-helpers';
import { firstIngestKey } from '../../../test/live-helpers';
import { experimentInput, experimentsOf, publishLivesAndTitle } from '../../../test/experiment-helpers';
import { migratePostgresDatabase, openPgliteClient } from '../../db/database';
import { readKeys } from '../identity/signing-keys';
import { demoPopulation } from '../demo/demo-population';
import type { NewEvent } from '../events/event-store';
import { openEventStore } from '../events/open-event-store';
import { ClickHouseHttp } from '../events/clickhouse/clickhouse-http';
import { openClickHouseEventStore } from '../events/clickhouse/clickhouse-event-store';
import { createEventsTableSql } from '../events/clickhouse/clickhouse-schema';
import { insertText, resetSequences, schemaTables, tableText, type SqlClient } from './copy-accounts';
import { copyProjectEvents, openDuckDbEventSource } from './copy-events';
import { runMigrateStoreCli } from './migrate-store-cli';

// `npm run migrate-store` (ADR 035) end to end: an embedded installation built through the API (real
// PGlite and DuckDB in a DATA_DIR) copied to a throwaway PostgreSQL 15 and a throwaway ClickHouse,
// compared table by table and event by event, then the product started on the copy.

const postgresUrl = inject('postgresUrl');
const clickhouse = clickHouseForTests();
const pglite = databaseTargets.find((target) => target.name === 'PGlite')!;

/** A brand-new, unmigrated PostgreSQL database in the throwaway cluster. */
async function blankPostgres(): Promise<string> {
  const name = `qb_migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl! });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const sqlOf = (client: pg.Client): SqlClient => ({
  query: async (text: string, params?: unknown[]) => ({ rows: (await client.query<Record<string, unknown>>(text, params)).rows }),
});

/** Runs the command in this process: its exit code and everything it said. */
async function migrate(argv: string[], env: Record<string, string | undefined>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMigrateStoreCli(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A table's rows in text form, sorted, so two databases' tables compare whatever order they were read in. */
const sortedText = async (sql: SqlClient, table: Awaited<ReturnType<typeof schemaTables>>[number]) =>
  (await tableText(sql, table)).map((row) => JSON.stringify(row)).sort();

const end = new Date('2026-03-01T15:00:00Z');

/** Demo players over 40 days, received one millisecond apart in fifties, as a demo load stores them. */
function demoEvents(): NewEvent[] {
  return [...demoPopulation({ players: 60, days: 40, end, seed: 11 })].map((demo, i) => ({
    ...demo,
    receivedAt: new Date(end.getTime() + Math.floor(i / 50)),
    demo: true,
  }));
}

describe.skipIf(!postgresUrl)('npm run migrate-store', () => {
  let dataDir: string;
  let disposeSource: () => Promise<void>;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let projects: string[];
  let node: ClickHouseNode | undefined;

  beforeAll(async () => {
    const source = await createTestApp(pglite);
    dataDir = source.config.dataDir;
    disposeSource = () => source.storage.dispose();
    const { app } = source;
    owner = await signUpOwner(app, 'ada@pixel.example', 'Pixel Forge', { firstName: 'Ada', lastName: 'Lovelace' });
    await addMember(app, owner.token, 'grace@pixel.example', 'admin');
    await invite(app, owner.token, 'carol@pixel.example', 'member');
    const first = await createProject(app, owner.token, 'Farmstead');
    const second = await createProject(app, owner.token, 'Dungeon Dash');
    projects = [first.id, second.id];
    await publishLivesAndTitle(app, owner.token, first.id);
    const experiments = experimentsOf(app, first.id);
    await experiments.ok(experiments.call(owner.token, 'POST', '', experimentInput('five-lives')), 201);
    await experiments.ok(experiments.call(owner.token, 'POST', '/five-lives/start'));
    expect((await core(app, owner.token, 'POST', `/core/projects/${first.id}/ingest-keys`, { name: 'Web build' })).statusCode).toBe(201);
    expect((await core(app, owner.token, 'PUT', `/core/projects/${first.id}/currency/rates/EUR`, { rate: 0.925 })).statusCode).toBe(200);
    // Events: a batch, the same batch resent with changed content (the first copies stay), and demo events.
    const { key } = await firstIngestKey(app, owner.token, first.id);
    const at = new Date('2026-02-20T10:00:00Z');
    const batch = [1, 2, 3, 4, 5].map((n) => event({ insert_id: `e-${n}`, user_id: `player-${n % 2}` }, new Date(at.getTime() + n * 60_000)));
    expect((await ingest(app, key, { events: batch })).statusCode).toBe(200);
    const resent = [...batch.slice(0, 2).map((sent) => ({ ...sent, name: 'changed', properties: { level: 99 } })), event({ insert_id: 'e-6' }, at)];
    expect((await ingest(app, key, { events: resent })).statusCode).toBe(200);
    await source.events.append(first.id, demoEvents());
    const { key: secondKey } = await firstIngestKey(app, owner.token, second.id);
    expect((await ingest(app, secondKey, { events: [event({ insert_id: 'x-1', country: undefined, session_id: undefined }, at)] })).statusCode).toBe(200);
    expect((await source.events.summary(first.id)).totalEvents).toBe(6 + demoEvents().length);
    // The server stops; its DATA_DIR stays for the copy.
    await app.close();
    await source.events.close();
    await source.database.close();
    if (clickhouse) node = await startClickHouse(clickhouse);
  });

  afterAll(async () => {
    await node?.stop();
    await disposeSource();
  });

  it('refuses while a server holds DATA_DIR, through the npm script', async () => {
    // This process holds the lock, as a running server does; the command runs as its own process.
    const holder = await createTestApp({ name: 'PGlite', create: async () => ({ dataDir, databaseUrl: undefined, dispose: async () => undefined }) });
    try {
      const child = spawn(process.execPath, ['scripts/migrate-store.mjs', '--accounts'], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: await blankPostgres() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`DATA_DIR ${dataDir} is in use by another Questboard process (pid ${process.pid})`);
      expect(stderr).toContain('migrate-store copies a stopped installation only.');
    } finally {
      await holder.app.close();
      await holder.events.close();
      await holder.database.close();
    }
  }, 60_000);

  it('refuses unset and unreachable targets and a DATA_DIR without an installation', async () => {
    const unset = await migrate([], { DATA_DIR: dataDir });
    expect(unset.code).toBe(1);
    expect(unset.err).toContain('Nothing to copy to: set DATABASE_URL');
    expect((await migrate(['--events'], { DATA_DIR: dataDir, DATABASE_URL: postgresUrl! })).err).toContain('--events copies to ClickHouse: set CLICKHOUSE_URL');
    expect((await migrate([], { DATA_DIR: dataDir, DATABASE_URL: 'mysql://x@y/z' })).err).toContain('DATABASE_URL must be a URL like postgres://');
    const closed = await freePort();
    const noPostgres = await migrate([], { DATA_DIR: dataDir, DATABASE_URL: `postgres://postgres:secret@127.0.0.1:${closed}/db` });
    expect(noPostgres.code).toBe(1);
    expect(noPostgres.err).toContain(`Cannot reach PostgreSQL at postgres://127.0.0.1:${closed}/db (DATABASE_URL)`);
    expect(noPostgres.err).not.toContain('secret');
    const noClickHouse = await migrate([], { DATA_DIR: dataDir, CLICKHOUSE_URL: `http://127.0.0.1:${closed}/default` });
    expect(noClickHouse.code).toBe(1);
    expect(noClickHouse.err).toContain(`Cannot reach ClickHouse at http://127.0.0.1:${closed}/default (CLICKHOUSE_URL)`);
    const empty = makeTestFolder('empty');
    try {
      const nothing = await migrate([], { DATA_DIR: empty, DATABASE_URL: postgresUrl! });
      expect(nothing.code).toBe(1);
    expect(nothing.err).toContain(`DATA_DIR ${empty} holds no Questboard installation`);
      expect(fs.readdirSync(empty)).toEqual([]);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
    expect((await migrate(['--accounts', '--frobnicate'], { DATA_DIR: dataDir, DATABASE_URL: postgresUrl! })).code).toBe(1);
  });

  it('says in a dry run what it would copy and changes nothing', async () => {
    const target = await blankPostgres();
    const clickHouseUrl = node ? `${node.url.replace(/default$/, '')}dry` : undefined;
    if (node) await new ClickHouseHttp({ url: node.url }).command('CREATE DATABASE IF NOT EXISTS dry');
    const dry = await migrate(['--dry-run'], { DATA_DIR: dataDir, DATABASE_URL: target, CLICKHOUSE_URL: clickHouseUrl });
    expect(dry.err).toBe('');
    expect(dry.code).toBe(0);
    expect(dry.out).toContain('identity_users: 2 rows would be copied');
    expect(dry.out).toContain('organisations: 1 row would be copied');
    expect(dry.out).toContain('signing keys from DATA_DIR/keys: 1 would be carried');
    expect(dry.out).toContain('The target is empty (not migrated yet: the copy migrates it first): the copy would proceed.');
    const tables = await withPostgres(target, async (client) => (await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname = 'public'`)).rows[0]);
    expect(tables).toEqual({ n: 0 });
    if (node) {
      expect(dry.out).toContain(`project ${projects[0]}: ${(6 + demoEvents().length).toLocaleString('en')} events would be copied`);
      expect(await new ClickHouseHttp({ url: clickHouseUrl! }).rows(`SELECT name FROM system.tables WHERE database = 'dry'`)).toEqual([]);
    }
  });

  it('writes nothing when a row cannot be copied, and copies on the next run', async () => {
    const target = await blankPostgres();
    await migratePostgresDatabase(target);
    // A rule the target has and the source breaks: the copy fails at the projects, after the users.
    await withPostgres(target, (client) => client.query(`alter table projects add constraint no_farms check (name <> 'Farmstead')`));
    const failed = await migrate(['--accounts'], { DATA_DIR: dataDir, DATABASE_URL: target });
    expect(failed.code).toBe(1);
    expect(failed.err).toContain('Copying the accounts failed: new row for relation "projects" violates check constraint "no_farms"');
    expect(failed.err).toContain('Nothing was written');
    const counts = await withPostgres(target, async (client) => (await client.query<{ users: number; version: string }>(
      `select (select count(*)::int from identity_users) as users, (select version::text from cache_version) as version`,
    )).rows[0]);
    expect(counts).toEqual({ users: 0, version: '0' });
    await withPostgres(target, (client) => client.query('alter table projects drop constraint no_farms'));
    const copied = await migrate(['--accounts'], { DATA_DIR: dataDir, DATABASE_URL: target });
    expect(copied.err).toBe('');
    expect(copied.code).toBe(0);
  });

  it('moves serial and identity sequences past the copied values', async () => {
    const target = await blankPostgres();
    await withPostgres(target, async (client) => {
      await client.query('create table serials (id serial primary key, note text)');
      await client.query('create table identities (id integer generated always as identity primary key, note text)');
      const sql = sqlOf(client);
      const tables = await schemaTables(sql);
      for (const table of tables) await insertText(sql, table, [['7', 'seven'], ['3', 'three']]);
      expect(await resetSequences(sql, tables)).toBe(2);
      for (const table of ['serials', 'identities']) {
        const { rows } = await client.query<{ id: number }>(`insert into ${table} (note) values ('next') returning id`);
        expect({ table, id: rows[0]?.id }).toEqual({ table, id: 8 });
      }
    });
  });

  describe('a copy', () => {
    let target: string;
    let copy: Awaited<ReturnType<typeof migrate>>;

    beforeAll(async () => {
      target = await blankPostgres();
      copy = await migrate([], { DATA_DIR: dataDir, DATABASE_URL: target, CLICKHOUSE_URL: node?.url });
    }, 120_000);

    it('copies every table of the schema, row for row, and the signing keys', async () => {
      expect(copy.err).toBe('');
      expect(copy.code).toBe(0);
      expect(copy.out).toMatch(/Accounts copied: \d+ rows in \d+ tables and 1 signing key in/);
      const source = await openPgliteClient(dataDir);
      try {
        await withPostgres(target, async (client) => {
          const tables = await schemaTables(source);
          expect(tables.map((table) => table.name)).toEqual((await schemaTables(sqlOf(client))).map((table) => table.name));
          const withRows: string[] = [];
          for (const table of tables) {
            if (table.name === 'signing_keys') {
              // The embedded installation keeps its keys in DATA_DIR/keys: the copy carries them here.
              const { rows } = await client.query<{ kid: string; created_at: Date; retired_at: Date | null; private_jwk: unknown; public_jwk: unknown }>(
                'select * from signing_keys order by kid',
              );
              const keys = readKeys(dataDir).sort((a, b) => a.kid.localeCompare(b.kid));
              expect(keys.length).toBeGreaterThan(0);
              expect(rows.map((row) => ({ kid: row.kid, createdAt: row.created_at.toISOString(), retiredAt: row.retired_at?.toISOString(), privateJwk: row.private_jwk, publicJwk: row.public_jwk }))).toEqual(
                keys.map((key) => ({ kid: key.kid, createdAt: key.createdAt, retiredAt: key.retiredAt, privateJwk: key.privateJwk, publicJwk: key.publicJwk })),
              );
              withRows.push(table.name);
              continue;
            }
            const expected = await sortedText(source, table);
            expect({ table: table.name, rows: await sortedText(sqlOf(client), table) }).toEqual({ table: table.name, rows: expected });
            if (expected.length > 0) withRows.push(table.name);
          }
          for (const table of ['identity_users', 'refresh_tokens', 'accounts', 'organisations', 'memberships', 'invitations', 'projects', 'ingest_keys', 'exchange_rates', 'cache_version', 'live_drafts', 'live_versions', 'experiments', 'signing_keys']) {
            expect(withRows).toContain(table);
          }
        });
      } finally {
        await source.close();
      }
    });

    it('refuses to copy accounts into a database that holds data', async () => {
      const again = await migrate(['--accounts'], { DATA_DIR: dataDir, DATABASE_URL: target });
      expect(again.code).toBe(1);
      expect(again.err).toContain('The PostgreSQL database already holds data (');
      expect(again.err).toContain('identity_users (2)');
    });

    it('serves the copy: an ID token and a session from before the copy still work', async () => {
      const migrated: DatabaseTarget = {
        name: 'PostgreSQL',
        create: async () => ({
          dataDir: makeTestFolder('migrated'),
          databaseUrl: target,
          dispose: async () => undefined,
        }),
      };
      const product = await createTestApp(migrated);
      try {
        const info = await core(product.app, owner.token, 'GET', '/core/orgs/info');
        expect(info.statusCode).toBe(200);
        expect(info.body).toContain('Pixel Forge');
        const listed = await core(product.app, owner.token, 'GET', '/core/projects/all');
        expect(listed.statusCode).toBe(200);
        expect(listed.body).toContain('Farmstead');
        const refreshed = await refresh(product.app, owner.refreshToken);
        expect(refreshed.statusCode).toBe(200);
        expect(refreshCookieOf(refreshed)).toBeDefined();
      } finally {
        await product.close();
        fs.rmSync(product.config.dataDir, { recursive: true, force: true });
      }
    });

    describe.skipIf(!clickhouse)('events', () => {
      it('copies every project\'s events: the same summary, latest events, usage and overview as DuckDB', async () => {
        expect(copy.out).toMatch(/Events copied: [\d,]+ events of 2 projects/);
        const duckdb = await openEventStore({ dataDir, clickhouse: undefined });
        const copied = await openClickHouseEventStore({ url: node!.url });
        try {
          const window = { from: new Date('2026-01-01T00:00:00Z'), monthStart: new Date('2026-02-01T00:00:00Z') };
          for (const projectId of projects) {
            expect(await copied.summary(projectId)).toEqual(await duckdb.summary(projectId));
            expect(await copied.latest(projectId, 5000)).toEqual(await duckdb.latest(projectId, 5000));
            expect(await copied.usage(projectId, window)).toEqual(await duckdb.usage(projectId, window));
          }
          const summary = await copied.summary(projects[0]!);
          expect(summary).toMatchObject({ totalEvents: 6 + demoEvents().length, demoEvents: demoEvents().length });
          const kept = (await copied.latest(projects[0]!, 5000)).filter((stored) => stored.insert_id === 'e-1');
          expect(kept).toMatchObject([{ name: 'level_complete', properties: { level: 3 } }]);
          for (const [, input] of views.filter(([name]) => ['60 days by week', '14 days by day'].includes(name))) {
            const query = analyticsQuerySchema.parse(input);
            const [fromClickHouse, fromDuckDb] = await Promise.all([
              copied.metrics.overview(projects[0]!, query, today, money),
              duckdb.metrics.overview(projects[0]!, query, today, money),
            ]);
            expect(firstDifference(fromClickHouse, fromDuckDb)).toBeUndefined();
          }
        } finally {
          await copied.close();
          await duckdb.close();
        }
      }, 60_000);

      it('stores nothing twice when a project is sent again, and --resume skips complete projects', async () => {
        const copied = await openClickHouseEventStore({ url: node!.url });
        const source = await openDuckDbEventSource(path.join(dataDir, 'events', 'events.duckdb'));
        try {
          const before = await copied.summary(projects[0]!);
          expect(await copyProjectEvents(source, copied, projects[0]!, { batchSize: 25 })).toBe(before.totalEvents);
          expect(await copied.summary(projects[0]!)).toEqual(before);
        } finally {
          source.close();
          await copied.close();
        }
        const refused = await migrate(['--events'], { DATA_DIR: dataDir, CLICKHOUSE_URL: node!.url });
        expect(refused.code).toBe(1);
        expect(refused.err).toContain('ClickHouse already holds events of projects');
        expect(refused.err).toContain(projects[0]);
        expect(refused.err).toContain('run again with --resume');
        const resumed = await migrate(['--events', '--resume'], { DATA_DIR: dataDir, CLICKHOUSE_URL: node!.url });
        expect(resumed.err).toBe('');
        expect(resumed.out).toContain(`project ${projects[0]}: ${(6 + demoEvents().length).toLocaleString('en')} events skipped`);
        expect(resumed.out).toContain('Events copied: 0 events of 0 projects');
      });

      it('says what was copied and how to finish when ClickHouse refuses an insert', async () => {
        // A table whose user_id cannot hold a player id: every insert fails, as a full disk's would.
        const admin = new ClickHouseHttp({ url: node!.url });
        await admin.command('CREATE DATABASE IF NOT EXISTS broken');
        await new ClickHouseHttp({ url: node!.url.replace(/default$/, 'broken') }).command(
          createEventsTableSql('events').replace('user_id String', 'user_id UInt64'),
        );
        const failed = await migrate(['--events'], { DATA_DIR: dataDir, CLICKHOUSE_URL: node!.url.replace(/default$/, 'broken') });
        expect(failed.code).toBe(1);
        expect(failed.err).toContain('npm run migrate-store: Copying events failed: ');
        expect(failed.err).toContain('No project was copied completely.');
        expect(failed.err).toMatch(/Stopped in project [0-9a-f-]{36} after 0 of [\d,]+ events were acknowledged\./);
        expect(failed.err).toContain('Run npm run migrate-store -- --events --resume to finish');
      });

      it('finishes with --resume a project whose copy stopped part of the way', async () => {
        const copied = await openClickHouseEventStore({ url: node!.url });
        try {
          const whole = await copied.summary(projects[0]!);
          const latest = await copied.latest(projects[0]!, 5000);
          // What a copy that stopped leaves: the events received first are there, the rest are not.
          expect(await copied.deleteBefore(projects[0]!, new Date('2026-02-10T00:00:00Z'))).toBeGreaterThan(0);
          const resumed = await migrate(['--resume'], { DATA_DIR: dataDir, CLICKHOUSE_URL: node!.url });
          expect(resumed.err).toBe('');
          expect(resumed.out).toMatch(new RegExp(`project ${projects[0]}: [\\d,]+ events to copy \\(ClickHouse holds`));
          expect(resumed.out).toContain(`project ${projects[1]}: 1 event skipped`);
          expect(resumed.out).toContain(`Events copied: ${whole.totalEvents.toLocaleString('en')} events of 1 project`);
          expect(await copied.summary(projects[0]!)).toEqual(whole);
          expect(await copied.latest(projects[0]!, 5000)).toEqual(latest);
        } finally {
          await copied.close();
        }
      });
    });
  });
});
