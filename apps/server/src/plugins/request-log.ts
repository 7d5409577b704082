import type { FastifyInstance } from 'fastify';

/** The path of a request URL without its query: sign-in links and invitations carry secrets there. */
export function loggedPath(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * One log line per answered request at `info` (Fastify's own logging writes two, one on arrival):
 * method, path, status and milliseconds, with the request id the logger adds. Errors are logged
 * apart by the error handler.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, path: loggedPath(request.url), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
    done();
  });
}
