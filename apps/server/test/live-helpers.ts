import type { LightMyRequestResponse } from 'fastify';
import type { IngestKeyList } from '@questboard/shared/developer';
import type { App } from '../src/app';
import { core } from './organisation-helpers';

/** Live-ops calls of one project, the way the web app makes them, for the integration tests. */
export function liveOps(app: App, projectId: string) {
  const base = `/core/projects/${projectId}/live`;
  return {
    base,
    call: (token: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: unknown) =>
      core(app, token, method, `${base}${path}`, payload),
    async ok<T>(response: Promise<LightMyRequestResponse>, status = 200): Promise<T> {
      const answer = await response;
      if (answer.statusCode !== status) throw new Error(`expected ${status}, got ${answer.statusCode}: ${answer.body}`);
      return answer.json<T>();
    },
  };
}

/** The project's first ingestion key, as the developer page lists it. */
export async function firstIngestKey(app: App, token: string, projectId: string): Promise<{ id: string; key: string }> {
  const keys = (await core(app, token, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys;
  const first = keys[0];
  if (!first) throw new Error('the project has no ingestion key');
  return first;
}

/** GET /live/v1/config as a game sends it. */
export function fetchConfig(
  app: App,
  key: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'GET', url: '/live/v1/config', query, headers: { 'x-ingest-key': key, ...headers } });
}
