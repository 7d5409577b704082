import { IncomingMessage, type ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, computed once. helmet's middleware for fixed options sets
 * the same headers on every response whatever the request, yet `@fastify/helmet` rebuilt it,
 * parsing the CSP directives, for every request: about a fifth of a small answer's main-thread
 * time (ADR 023). Options whose directives are functions of the request are refused here.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const csp = options.contentSecurityPolicy;
  const directives: Record<string, unknown> = typeof csp === 'object' ? (csp.directives ?? {}) : {};
  for (const value of Object.values(directives)) {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    if (values.some((item) => typeof item === 'function')) throw new Error('helmet options must not be functions of the request');
  }
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  const state = { finished: false };
  helmet(options)(new IncomingMessage(new Socket()), response as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet refused its options');
    state.finished = true;
  });
  if (!state.finished) throw new Error('helmet did not finish synchronously: its options depend on the request');
  return Object.fromEntries(headers);
}

/** Sends helmet's headers for `options` on every answer, pages and API alike, computed once. */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  // A callback hook: an async one costs a promise per request.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
