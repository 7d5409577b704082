import { afterEach, beforeEach } from 'vitest';

import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dismissToasts } from '../../../testing/render-page';
import { type AnalyticsApi, createAnalyticsApi } from './analytics-api-stand-in';

/**
 * A page test's API (ADR 006): a real local server per test, scripted with the in-memory analytics
 * API by `serve`. Call at the top of a test file; read `api` and `server` inside the tests.
 */
export function analyticsTestServer() {
  let server: AppApiServer | undefined;
  let api: AnalyticsApi | undefined;
  beforeEach(async () => {
    server = await startAppApiServer();
  });
  afterEach(async () => {
    dismissToasts();
    await server?.close();
  });
  return {
    get server(): AppApiServer {
      if (!server) throw new Error('the test server starts before each test');
      return server;
    },
    get api(): AnalyticsApi {
      if (!api) throw new Error('call serve() first');
      return api;
    },
    /** Scripts the server with the stand-in API for the test's project. */
    serve(options?: Parameters<typeof createAnalyticsApi>[1]) {
      api = createAnalyticsApi(undefined, options);
      this.server.script(api.script);
    },
  };
}
