import { readJson, signUpBenchOwner } from './lib/bench-owner';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { parseConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { projects } from '../apps/server/src/db/schema';

// `npm run bench` (issue 6): list and search latency over real HTTP (keep-alive, loopback) with
// 10,000 projects in one organisation, on the database the environment selects (PGlite by
// default, DATABASE_URL for PostgreSQL). Setup goes through the real API; the 10,000 rows are
// inserted in batches straight into the database, since their creation is not what is measured.

const projectCount = 10_000;
const requestsPerCase = 300;
const warmup = 20;

interface CaseResult {
  case: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 100) / 100;

export async function runProjectsBench(): Promise<{ database: string; results: CaseResult[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-bench-'));
  const config = parseConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: '', NODE_ENV: 'production' });
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const json = readJson;
    // A real user and organisation, through the API.
    const { idToken: token, organisationId } = await signUpBenchOwner(base);

    const started = Date.now();
    for (let offset = 0; offset < projectCount; offset += 1000) {
      const now = Date.now();
      await database.db.insert(projects).values(
        Array.from({ length: Math.min(1000, projectCount - offset) }, (_, i) => {
          const n = offset + i;
          return {
            organisationId,
            name: `Project ${n.toString().padStart(5, '0')} ${['Space Miner', 'Pixel Quest', 'Dungeon Dash', 'Farm Tycoon'][n % 4]}`,
            description: `Bench project number ${n}. `.repeat(8),
            identifier: `bench-project-${n}`,
            createdAt: new Date(now - n * 60_000),
            updatedAt: new Date(now - ((n * 7919) % projectCount) * 60_000),
          };
        }),
      );
    }
    // After a bulk change PostgreSQL's autovacuum (or the server's stand-in for it on PGlite) brings
    // the planner's statistics up to date within a minute; do it now, so that the numbers do not
    // depend on when that happens.
    await database.db.execute(sql`vacuum analyze projects`);
    process.stdout.write(`Seeded ${projectCount} projects in ${Date.now() - started} ms on ${database.driver}.\n`);

    const cases: [string, string][] = [
      ['list, first page, name asc', '/core/projects/all?page=0&size=10&sort=name,asc'],
      ['list, page 500, name asc', '/core/projects/all?page=500&size=10&sort=name,asc'],
      ['list, first page, updatedAt desc', '/core/projects/all?page=0&size=10&sort=updatedAt,desc'],
      ['list, size 100, createdAt desc', '/core/projects/all?page=0&size=100&sort=createdAt,desc'],
      ['search, rare term ("00042")', '/core/projects/search?q=00042&page=0&size=10&sort=name,asc'],
      ['search, common term ("pixel quest")', '/core/projects/search?q=pixel%20quest&page=0&size=10&sort=name,asc'],
      ['search, no match', '/core/projects/search?q=zzzz-none&page=0&size=10&sort=name,asc'],
    ];
    const headers = { authorization: `Bearer ${token}` };
    const results: CaseResult[] = [];
    for (const [name, url] of cases) {
      for (let i = 0; i < warmup; i += 1) await json(await fetch(`${base}${url}`, { headers }));
      const times: number[] = [];
      for (let i = 0; i < requestsPerCase; i += 1) {
        const begin = performance.now();
        await json(await fetch(`${base}${url}`, { headers }));
        times.push(performance.now() - begin);
      }
      times.sort((a, b) => a - b);
      results.push({
        case: name,
        requests: requestsPerCase,
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        p99: round(percentile(times, 99)),
        mean: round(times.reduce((sum, t) => sum + t, 0) / times.length),
        max: round(times.at(-1) ?? 0),
      });
    }
    return { database: database.driver, results };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
