import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from './databases';
import { eventStoreTargets } from './event-stores';
import { freePort } from './postgres-cluster';
import { startServerProcess, waitForReady } from './product-process';
import { startSmtpCatcher, type SmtpCatcher } from './stand-ins/smtp-catcher';
import { description } from './project-helpers';

const postgres = databaseTargets.find((target) => target.name === 'PostgreSQL');
// With a ClickHouse server in the run (always in CI), both processes keep their events there too.
const clickhouse = eventStoreTargets.find((target) => target.name === 'ClickHouse');

interface Answer {
  status: number;
  body: unknown;
  refreshToken: string | undefined;
}

/**
 * Two real server processes on different ports, sharing one PostgreSQL database and one ClickHouse
 * database and nothing else (each has its own DATA_DIR): they behave as one product (ADR 032, 033).
 * Both have the same APP_URL, as instances behind one load balancer do; the test calls each one
 * directly.
 */
describe.skipIf(!postgres)('two server processes on one PostgreSQL', () => {
  let database: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let events: Awaited<ReturnType<NonNullable<typeof clickhouse>['create']>> | undefined;
  let smtp: SmtpCatcher;
  let appUrl: string;
  let a: string;
  let b: string;
  const processes: ReturnType<typeof startServerProcess>[] = [];

  beforeAll(async () => {
    database = await postgres!.create();
    events = await clickhouse?.create();
    smtp = await startSmtpCatcher();
    const [portA, portB] = [await freePort(), await freePort()];
    appUrl = `http://localhost:${portA}`;
    [a, b] = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
    for (const [name, port] of [['a', portA], ['b', portB]] as const) {
      const dataDir = path.join(database.dataDir, name);
      fs.mkdirSync(dataDir);
      processes.push(
        startServerProcess({ DATA_DIR: dataDir, PORT: String(port), APP_URL: appUrl, DATABASE_URL: database.databaseUrl!, SMTP_URL: smtp.url, ...events?.env }),
      );
    }
    await Promise.all([waitForReady(a), waitForReady(b)]);
  }, 180_000);

  afterAll(async () => {
    for (const { child, exited } of processes) {
      child.kill('SIGTERM');
      await exited;
    }
    await smtp.stop();
    await database.dispose();
    await events?.dispose();
  }, 60_000);

  async function call(
    base: string,
    method: string,
    url: string,
    options: { token?: string; body?: unknown; refreshToken?: string } = {},
  ): Promise<Answer> {
    const headers: Record<string, string> = { origin: appUrl, 'sec-fetch-site': 'same-origin' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.refreshToken) headers.cookie = `qb_refresh=${options.refreshToken}`;
    const response = await fetch(`${base}${url}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    const refreshToken = response.headers
      .getSetCookie()
      .map((cookie) => /^qb_refresh=([^;]*)/.exec(cookie)?.[1])
      .find((value) => value !== undefined);
    return { status: response.status, body: text === '' ? null : (JSON.parse(text) as unknown), refreshToken: refreshToken === '' ? undefined : refreshToken };
  }

  const sendLink = (base: string, email: string) => call(base, 'POST', '/auth/v1/email-link/send', { body: { email } });

  /** The sign-in link of the `nth` mail (from 1) to `email`. */
  async function linkOf(email: string, nth: number): Promise<URL> {
    await smtp.waitForMessage((message) => message.to.includes(email) && smtp.messages.filter((m) => m.to.includes(email)).length >= nth, 15_000);
    const mail = smtp.messages.filter((message) => message.to.includes(email))[nth - 1]!;
    return new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
  }

  const completeBody = (link: URL, email: string) => ({
    email,
    oobCode: link.searchParams.get('oobCode'),
    apiKey: link.searchParams.get('apiKey'),
    mode: link.searchParams.get('mode'),
  });

  let idTokenFromB = '';
  let refreshToken = '';

  /** Ada's refresh token rotated through `base`: a new ID token, signed by that process. */
  async function freshIdToken(base: string) {
    const refreshed = await call(base, 'POST', '/auth/v1/token', { refreshToken });
    expect(refreshed.status).toBe(200);
    refreshToken = refreshed.refreshToken!;
    return (refreshed.body as { idToken: string }).idToken;
  }

  it('completes on B a sign-in link that A sent, and each accepts the ID tokens the other signs', async () => {
    const email = 'ada@pixel.example';
    expect((await sendLink(a, email)).status).toBe(200);
    const completed = await call(b, 'POST', '/auth/v1/email-link/complete', { body: completeBody(await linkOf(email, 1), email) });
    expect(completed.status).toBe(200);
    idTokenFromB = (completed.body as { idToken: string }).idToken;
    refreshToken = completed.refreshToken!;

    // Signed by B, accepted by A: the user signs up through A.
    expect((await call(a, 'POST', '/core/accounts/register', { token: idTokenFromB })).status).toBe(200);
    expect((await call(a, 'POST', '/core/orgs', { token: idTokenFromB, body: { name: 'Pixel Forge' } })).status).toBe(201);
    // Refreshed on A (a new ID token, signed by A), accepted by B.
    const refreshed = await call(a, 'POST', '/auth/v1/token', { refreshToken });
    expect(refreshed.status).toBe(200);
    refreshToken = refreshed.refreshToken!;
    const idTokenFromA = (refreshed.body as { idToken: string }).idToken;
    const info = await call(b, 'GET', '/core/orgs/info', { token: idTokenFromA });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ name: 'Pixel Forge' });
    // Both publish the same keys.
    expect((await call(a, 'GET', '/auth/v1/jwks.json')).body).toEqual((await call(b, 'GET', '/auth/v1/jwks.json')).body);
  });

  it('shares the sign-in link limit: five links to one address across A and B, the sixth refused on either', async () => {
    const email = 'limit@pixel.example';
    for (const base of [a, b, a, b, a]) expect((await sendLink(base, email)).status).toBe(200);
    const sixth = await sendLink(b, email);
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await sendLink(a, email)).status).toBe(429);
  });

  it('shows a demo load started on A in the status B answers, and B removing the demo data stops it on A', async () => {
    const token = await freshIdToken(a);
    const created = await call(b, 'POST', '/core/projects', { token, body: { name: 'Pixel Quest', description: description() } });
    expect(created.status).toBe(201);
    const demoPath = `/core/projects/${(created.body as { id: string }).id}/demo-data`;

    expect((await call(a, 'POST', demoPath, { token, body: { players: 100_000 } })).status).toBe(202);
    expect((await call(b, 'GET', demoPath, { token })).body).toMatchObject({ state: 'running', players: 100_000 });
    // A second start, through the other process, is refused while the first runs.
    expect((await call(b, 'POST', demoPath, { token, body: { players: 100 } })).status).toBe(409);
    // Removing through B stops A's load first; afterwards neither process knows of a load.
    expect((await call(b, 'DELETE', demoPath, { token })).status).toBe(200);
    expect((await call(a, 'GET', demoPath, { token })).body).toMatchObject({ state: 'idle', players: 0 });
    expect((await call(b, 'GET', demoPath, { token })).body).toMatchObject({ state: 'idle', players: 0 });
  });

  it('shares the monthly event quota (a batch through B cannot use what A reserved) and accepts A\'s local admin token on B', async () => {
    // An organisation of its own, so the demo data of the test before stays out of the figures.
    const email = 'lin@pixel.example';
    expect((await sendLink(b, email)).status).toBe(200);
    const token = ((await call(b, 'POST', '/auth/v1/email-link/complete', { body: completeBody(await linkOf(email, 1), email) })).body as { idToken: string }).idToken;
    expect((await call(a, 'POST', '/core/accounts/register', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/core/orgs', { token, body: { name: 'Lin Labs' } })).status).toBe(201);
    const created = await call(a, 'POST', '/core/projects', { token, body: { name: 'Pixel Quota', description: description() } });
    const projectId = (created.body as { id: string }).id;
    const { keys } = (await call(a, 'GET', `/core/projects/${projectId}/ingest-keys`, { token })).body as { keys: { key: string; kind: string }[] };
    const key = keys.find((candidate) => candidate.kind === 'standard')!.key;
    expect((await call(b, 'PUT', '/core/orgs/quota', { token, body: { monthlyEventQuota: 10 } })).status).toBe(200);
    const ingest = async (base: string, from: number, events: number) => {
      const batch = Array.from({ length: events }, (_, i) => ({
        insert_id: `quota-${from + i}`,
        name: 'level_start',
        user_id: 'player-1',
        timestamp: new Date().toISOString(),
      }));
      const response = await fetch(`${base}/ingest/v1/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': key },
        body: JSON.stringify({ events: batch }),
      });
      return { status: response.status, body: (await response.json()) as { code?: string } };
    };
    // `npm run demo` on A's machine reads A's DATA_DIR/local-admin-token; the load balancer may send it to B.
    const localToken = fs.readFileSync(path.join(database.dataDir, 'a', 'local-admin-token'), 'utf8');
    const identifier = (created.body as { identifier: string }).identifier;
    const demoKey = await fetch(`${b}/internal/v1/demo-key`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localToken}` },
      body: JSON.stringify({ identifier }),
    });
    expect(demoKey.status).toBe(200);
    expect(await demoKey.json()).toMatchObject({ projectId });

    expect((await ingest(a, 0, 6)).status).toBe(200);
    const overQuota = await ingest(b, 6, 6);
    expect(overQuota.status).toBe(429);
    expect(overQuota.body.code).toBe('QUOTA_EXCEEDED');
    expect((await ingest(b, 6, 4)).status).toBe(200);
    expect((await ingest(a, 10, 1)).body.code).toBe('QUOTA_EXCEEDED');

    if (!clickhouse) return;
    // One event store: each process reads the ten events, whichever process received them.
    for (const base of [a, b]) {
      const latest = (await call(base, 'GET', `/core/projects/${projectId}/events/latest?limit=100`, { token })).body as {
        events: { insert_id: string }[];
        summary: { totalEvents: number };
      };
      expect(latest.summary.totalEvents).toBe(10);
      expect(latest.events.map((event) => event.insert_id).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `quota-${i}`).sort());
    }
    const today = new Date().toISOString().slice(0, 10);
    const overview = (base: string) => call(base, 'GET', `/core/projects/${projectId}/analytics/overview?from=${today}&to=${today}`, { token });
    const [fromA, fromB] = await Promise.all([overview(a), overview(b)]);
    expect(fromA.status).toBe(200);
    expect(fromA.body).toEqual(fromB.body);
    expect(fromA.body).toMatchObject({ totalEvents: 10, topEvents: [{ name: 'level_start', count: 10 }] });
  });

  it('refuses on B the ID token of a session signed out on A', async () => {
    const email = 'grace@pixel.example';
    expect((await sendLink(b, email)).status).toBe(200);
    const completed = await call(a, 'POST', '/auth/v1/email-link/complete', { body: completeBody(await linkOf(email, 1), email) });
    const token = (completed.body as { idToken: string }).idToken;
    expect((await call(b, 'POST', '/core/accounts/register', { token })).status).toBe(200);
    expect((await call(b, 'POST', '/core/orgs', { token, body: { name: 'Grace Games' } })).status).toBe(201);
    expect((await call(b, 'GET', '/core/orgs/info', { token })).status).toBe(200);
    expect((await call(a, 'POST', '/auth/v1/sign-out', { refreshToken: completed.refreshToken! })).status).toBeLessThan(300);
    expect((await call(b, 'GET', '/core/orgs/info', { token })).status).toBe(401);
  });
});
