// Points the app's own HTTP client (lib/api-client.ts `apiClient`) at a real local server, so
// component tests run the real calls: URL, method, body, token, error shape. No mocked fetch.
import { vi } from 'vitest';

import { setApiBaseUrl, setForceLogoutHandler, setTokenSource } from '../lib/api-client';
import type { ForceLogoutReason } from '../lib/api-token';
import { type HttpTestServer, type RecordedRequest, type ScriptedReply, startHttpTestServer } from './http-test-server';

/** Answers per `METHOD /path` (the query left out); a function gets the request. Others: 404. */
export type RouteReplies = Record<string, ScriptedReply | ((request: RecordedRequest) => ScriptedReply)>;

export interface AppApiServer extends HttpTestServer {
  /** Replaces the answers. */
  routes(replies: RouteReplies): void;
  /** The recorded calls as `METHOD /path`, in order. */
  calls(): string[];
  /** The JSON body of the first recorded call to `METHOD /path`. */
  bodyOf(call: string): unknown;
  onForceLogout: ReturnType<typeof vi.fn<(reason: ForceLogoutReason) => void>>;
}

const callOf = (request: RecordedRequest) => `${request.method} ${request.path.split('?')[0] ?? ''}`;

/** Start in beforeEach and close in afterEach: the app client goes back to its own origin. */
export async function startAppApiServer(replies: RouteReplies = {}): Promise<AppApiServer> {
  const server = await startHttpTestServer();
  const onForceLogout = vi.fn<(reason: ForceLogoutReason) => void>();
  let table = replies;
  const script = (request: RecordedRequest): ScriptedReply => {
    const reply = table[callOf(request)];
    if (reply === undefined) return { status: 404, body: { code: 'NOT_FOUND', message: `No reply scripted for ${callOf(request)}` } };
    return typeof reply === 'function' ? reply(request) : reply;
  };
  server.script(script);
  setApiBaseUrl(server.url);
  setTokenSource({ getIdToken: () => Promise.resolve('test-token') });
  setForceLogoutHandler(onForceLogout);

  return {
    ...server,
    routes(next) {
      table = next;
    },
    calls: () => server.requests.map(callOf),
    bodyOf(call) {
      const request = server.requests.find((candidate) => callOf(candidate) === call);
      return request?.body ? (JSON.parse(request.body) as unknown) : undefined;
    },
    onForceLogout,
    async close() {
      setApiBaseUrl('');
      setTokenSource(null);
      setForceLogoutHandler(null);
      await server.close();
    },
  };
}
