import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LiveConfigSnapshot } from '@questboard/shared/live-config';
import { playerContextSchema } from '@questboard/shared/live-config';
import { evaluateLiveAnswer, type LiveExperiment } from '@questboard/shared/live-experiments';
import type { ScriptedAnswer } from './ingest-stand-in';

export interface LiveRequestSeen {
  key: string | undefined;
  ifNoneMatch: string | undefined;
  query: URLSearchParams;
  status: number;
}

/**
 * GET /live/v1/config for the SDK's tests, on the ingest stand-in's server: it reads the contract's
 * query into the server's player schema and answers what the shared evaluation gives for the
 * published snapshot and running experiments at `now`, with an ETag of the body and 304 for a
 * matching If-None-Match.
 */
export class LiveConfigStandIn {
  snapshot: LiveConfigSnapshot = { keys: [], events: [] };
  version = 0;
  /** The running experiments (ADR 029): set them to start or stop one. */
  experiments: LiveExperiment[] = [];
  /** The server's clock. */
  now = Date.parse('2026-06-01T12:00:00Z');
  /** Requests answered, in order. */
  readonly requests: LiveRequestSeen[] = [];
  /** Requests that reached the server, answered or not. */
  received = 0;
  private script: ScriptedAnswer[] = [];

  constructor(private readonly validKey: () => string) {}

  publish(snapshot: LiveConfigSnapshot): void {
    this.snapshot = snapshot;
    this.version += 1;
  }

  answerNext(...answers: ScriptedAnswer[]): void {
    this.script.push(...answers);
  }

  handle(request: IncomingMessage, response: ServerResponse): void {
    this.received += 1;
    const query = new URL(request.url ?? '/', 'http://stand-in').searchParams;
    const key = request.headers['x-ingest-key'] as string | undefined;
    const ifNoneMatch = request.headers['if-none-match'];
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({ key, ifNoneMatch, query, status });
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(status === 304 ? undefined : JSON.stringify(payload));
    };
    const scripted = this.script.shift();
    if (scripted?.hang === true) return;
    if (scripted) {
      send(scripted.status, scripted.body ?? { code: 'SCRIPTED', message: `scripted ${scripted.status}` }, scripted.headers);
      return;
    }
    if (key !== this.validKey()) {
      send(401, { code: 'INGEST_KEY_INVALID', message: 'This ingestion key is unknown or has been revoked.' });
      return;
    }
    const properties = query.get('properties');
    const player = playerContextSchema.safeParse({
      userId: query.get('user_id') ?? undefined,
      platform: query.get('platform') ?? undefined,
      country: query.get('country') ?? undefined,
      appVersion: query.get('app_version') ?? undefined,
      properties: properties === null ? undefined : (JSON.parse(properties) as unknown),
    });
    if (!player.success) {
      send(400, { code: 'VALIDATION', message: player.error.issues[0]?.message ?? 'invalid' });
      return;
    }
    const body = { ...evaluateLiveAnswer(this.snapshot, this.experiments, player.data, this.now), version: this.version };
    const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
    if (ifNoneMatch === etag) send(304, undefined, { etag });
    else send(200, body, { etag });
  }
}
