import { describe, expect, it } from 'vitest';
import Fastify, { LogController } from 'fastify';
import { Writable } from 'node:stream';
import { loggedPath, registerRequestLog } from './request-log';

describe('request log', () => {
  it.each([
    ['/core/projects/all', '/core/projects/all'],
    ['/auth/callback?apiKey=a&oobCode=secret&mode=signIn', '/auth/callback'],
    ['/?', '/'],
  ])('logs %s as %s', (url, path) => expect(loggedPath(url)).toBe(path));

  it('writes one line per request, without the query', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, logController: new LogController({ disableRequestLogging: true }) });
    registerRequestLog(app);
    app.get('/auth/callback', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/auth/callback?oobCode=secret' });
    await app.close();
    const requests = lines.filter((line) => line.msg === 'request');
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'GET', path: '/auth/callback', status: 200 });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });
});
