import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { declaredPatterns } from '@questboard/shared/api-paths';
import { databaseTargets } from '../test/databases';
import { createTestApp } from '../test/test-app';
import { processStartTime } from './db/data-dir-lock';
import { openDatabase } from './db/database';
import { ensureInstallation } from './modules/system/installation';
import { parseConfig } from './config';
import { startServer } from './main';

// The same file runs on PGlite and on PostgreSQL 15.
describe.each(databaseTargets)('HTTP foundation on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><meta name="application-name" content="Questboard" /><title>Questboard</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(webRoot, 'theme-init.js'), '/* theme */');
    t = await createTestApp(target, {
      webRoot,
      env: { APP_NAME: 'Pixel & "Co" <Studio>' },
      extend: (app) => {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          '/api/test/echo',
          { schema: { body: z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }) } },
          async (request) => ({ name: request.body.name }),
        );
        typed.get('/api/test/crash', async () => {
          throw new Error('secret internal detail');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', eventStore: 'ok' } });
  });

  it('reports which database and installation answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/system/status' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ database: string; instanceId: string; name: string }>();
    expect(body.database).toBe(target.name === 'PGlite' ? 'pglite' : 'postgres');
    expect(body.instanceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.name).toBe('Pixel & "Co" <Studio>');
  });

  it('serves an OpenAPI 3 document generated from the routes, and the interactive reference', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document: { openapi: string; paths: Record<string, unknown> } = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/healthz',
        '/readyz',
        '/api/system/status',
        '/core/projects/{id}/analytics/overview',
        '/core/projects/{id}/analytics/players/{userId}',
        '/core/projects/{id}/analytics/explore',
        '/core/projects/{id}/dashboard/order',
      ]),
    );
    expect(Object.keys(document.paths).some((p) => p.startsWith('/assets') || p === '/api/openapi.json')).toBe(false);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page = docs.statusCode === 302 ? await t.app.inject({ method: 'GET', url: docs.headers.location! }) : docs;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('swagger');
    // Over http the browser must not be told to fetch the page's scripts over https (issue 21).
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('registers exactly the paths declared once in packages/shared (ADR 017)', async () => {
    const declared = declaredPatterns;
    const registered = (url: string) => ['GET', 'POST', 'PUT', 'DELETE'].some((method) => t.app.hasRoute({ method, url }));
    expect(declared.filter((pattern) => !registered(pattern))).toEqual([]);
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    const documented = Object.keys(document.paths)
      .map((path) => path.replace(/\{(\w+)\}/gu, ':$1'))
      .filter((path) => !path.startsWith('/api/test/'));
    expect(documented.filter((path) => !declared.includes(path))).toEqual([]);
  });

  it('answers unknown API routes with a JSON 404, never the app', async () => {
    for (const [method, url] of [['GET', '/core/nothing'], ['POST', '/auth/v1/nothing'], ['GET', '/api/nothing'], ['DELETE', '/login']] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(response.json<{ message: string }>().message).toContain(url);
    }
  });

  it('serves the app for every browser route (history fallback) with revalidation', async () => {
    for (const url of ['/', '/login', '/auth/callback?oobCode=x', '/project/my-game/overview', '/some/unknown/path']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
      // APP_NAME is a runtime setting: written into the page, HTML-escaped.
      expect(response.body).toContain('<title>Pixel &amp; &quot;Co&quot; &lt;Studio&gt;</title>');
      expect(response.body).toContain('<meta name="application-name" content="Pixel &amp; &quot;Co&quot; &lt;Studio&gt;"');
    }
    const raw = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(raw.body).toContain('<title>Pixel &amp;');
  });

  it('caches hashed assets for a year and does not fall back for missing files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const rootFile = await t.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(rootFile.headers['cache-control']).toBe('no-cache');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/json');
  });

  it('sends pre-compressed assets and compresses large API answers', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
    const api = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(api.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(api.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('sends security headers: CSP without inline scripts, no referrer, no sniffing, no framing', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/login' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('rejects bad input with a clear JSON message, never a 500', async () => {
    const invalidJson = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: '{"name":' });
    expect(invalidJson.statusCode).toBe(400);
    expect(invalidJson.json()).toEqual({ code: 'INVALID_JSON', message: 'The request body is not valid JSON.' });

    const invalid = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Name must be at least 2 characters',
      issues: [{ path: 'name', message: 'Name must be at least 2 characters' }],
    });

    const wrongType = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 42 } });
    expect(wrongType.statusCode).toBe(400);

    const tooLarge = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'x'.repeat(1024 * 1024 + 1) } });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });

    const wrongMedia = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(wrongMedia.statusCode).toBe(415);

    const valid = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Émilie 🎮 مرحبا' } });
    expect(valid.statusCode).toBe(200);
    expect(valid.json()).toEqual({ name: 'Émilie 🎮 مرحبا' });
  });

  it('hides internal errors behind the generic message', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'An unexpected error occurred.' });
    expect(response.body).not.toContain('secret');
  });
});

describe.each(databaseTargets)('database layer on $name', (target) => {
  it('keeps data written before a restart, and migrates idempotently', async () => {
    const storage = await target.create();
    try {
      const first = await openDatabase(storage);
      const created = await ensureInstallation(first.db);
      await first.close();

      const second = await openDatabase(storage);
      const again = await ensureInstallation(second.db);
      await second.close();
      expect(again).toEqual(created);
    } finally {
      await storage.dispose();
    }
  });

  it('reports unreadiness when the database is gone', async () => {
    const t = await createTestApp(target);
    try {
      await t.database.close();
      const response = await t.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'error', eventStore: 'ok' } });
    } finally {
      await t.app.close();
      await t.events.close();
      await t.storage.dispose();
    }
  });

  it('finishes in-flight requests on shutdown, then closes', async () => {
    const storage = await target.create();
    const config = parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: storage.dataDir, DATABASE_URL: storage.databaseUrl });
    const server = await startServer({ ...config, port: 0 }, { webRoot: path.join(storage.dataDir, 'no-web') });
    try {
      const { port } = server.app.server.address() as AddressInfo;
      // A request whose body is still arriving when the stop begins.
      const body = JSON.stringify({ probe: 'x'.repeat(64) });
      const request = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/core/probe', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
      const answered = new Promise<number>((resolve, reject) => {
        request.on('response', (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        });
        request.on('error', reject);
      });
      request.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 100));
      let stopped = false;
      const stopping = server.stop().then(() => (stopped = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stopped).toBe(false);
      request.end(body.slice(10));
      const finishedAt = Date.now();
      expect(await answered).toBe(404);
      await stopping;
      // The drained keep-alive connection is closed at once, not after the client's idle time-out.
      expect(Date.now() - finishedAt).toBeLessThan(2000);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      await server.stop();
      await storage.dispose();
    }
  });
});

describe('embedded database', () => {
  it('refuses a second process on the same DATA_DIR', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-lock-'));
    const lockPath = path.join(dataDir, 'questboard.lock');
    const first = await openDatabase({ dataDir });
    const ours = fs.readFileSync(lockPath, 'utf8');
    // Another live Node.js process, named in the lock with its real start time, as Questboard writes it.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(lockPath, JSON.stringify({ pid: other.pid, startedAt: processStartTime(other.pid!) }));
      await expect(openDatabase({ dataDir })).rejects.toThrow(`in use by another Questboard process (pid ${other.pid})`);
    } finally {
      other.kill();
      fs.writeFileSync(lockPath, ours);
      await first.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(fs.existsSync(path.join(dataDir, 'questboard.lock'))).toBe(false);
  });
});
