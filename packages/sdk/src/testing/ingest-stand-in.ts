import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ingestEventSchema } from '@questboard/shared/events';
import type { FetchLike, IngestEvent } from '../types';
import { LiveConfigStandIn } from './live-stand-in';

export const TEST_KEY = 'qbk_test_0123456789abcdefghijklmn';

export interface ScriptedAnswer {
  status: number;
  /** Never answer (until the server closes): a hung request. */
  hang?: boolean;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface ReceivedRequest {
  key: string | undefined;
  contentType: string | undefined;
  events: IngestEvent[];
  /** Size of the request body. */
  bytes: number;
  status: number;
}

/**
 * A real HTTP server playing POST /ingest/v1/batch for the SDK's tests: it checks the key, answers
 * 413 above `maxEventsPerRequest`, validates each event with the server's own schema (so the tests
 * also prove the SDK sends what the server accepts), and can be told to answer anything next.
 */
export class IngestStandIn {
  readonly requests: ReceivedRequest[] = [];
  /** Every event answered as accepted, in order, duplicates included. */
  readonly accepted: IngestEvent[] = [];
  /** Every event answered as rejected, with the reason given. */
  readonly rejected: { event: IngestEvent; reason: string }[] = [];
  validKey = TEST_KEY;
  /** GET /live/v1/config on the same server, as the real one serves both. */
  readonly live = new LiveConfigStandIn(() => this.validKey);
  maxEventsPerRequest = 1000;
  /** A reason to reject an event with, or undefined to accept it. */
  rejectWhen: (event: IngestEvent) => string | undefined = () => undefined;
  private script: ScriptedAnswer[] = [];
  private active = 0;
  maxActive = 0;
  /** Requests that reached the server, answered or not. */
  received = 0;
  private readonly server: Server;
  private port = 0;

  private constructor() {
    this.server = createServer((request, response) => void this.answer(request, response));
  }

  static async start(): Promise<IngestStandIn> {
    const standIn = new IngestStandIn();
    await standIn.up();
    return standIn;
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The next requests get these answers, in order; then the normal ones again. */
  answerNext(...answers: ScriptedAnswer[]): void {
    this.script.push(...answers);
  }

  /** Stops listening, keeping the port for `up()`: the SDK then sees connection errors. */
  async down(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  async up(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    if (this.server.listening) await this.down();
  }

  /** Sizes of the batches received, answered or not. */
  get batchSizes(): number[] {
    return this.requests.map((request) => request.events.length);
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.url?.startsWith('/live/v1/config?') === true) {
      this.live.handle(request, response);
      return;
    }
    this.received += 1;
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    response.on('close', () => (this.active -= 1));
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    let body: { events?: unknown } | undefined;
    try {
      body = JSON.parse(raw.toString('utf8')) as { events?: unknown };
    } catch {
      body = undefined;
    }
    const events = Array.isArray(body?.events) ? (body.events as IngestEvent[]) : [];
    const key = request.headers['x-ingest-key'] as string | undefined;
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({ key, contentType: request.headers['content-type'], events, bytes: raw.length, status });
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
    };

    const routed = request.method === 'POST' && request.url === '/ingest/v1/batch';
    const scripted = routed && key === this.validKey ? this.script.shift() : undefined;
    if (!routed) send(404, { code: 'NOT_FOUND', message: 'no such route' });
    else if (key !== this.validKey)
      send(401, { code: 'INGEST_KEY_INVALID', message: 'This ingestion key is unknown or has been revoked.' });
    else if (scripted?.hang === true)
      return; // left open until the server closes
    else if (scripted)
      send(
        scripted.status,
        scripted.body ?? { code: 'SCRIPTED', message: `scripted ${scripted.status}` },
        scripted.headers,
      );
    else if (!Array.isArray(body?.events))
      send(400, { code: 'VALIDATION', message: 'the body must be a JSON object like {"events": [...]}' });
    else if (events.length > this.maxEventsPerRequest)
      send(413, { code: 'PAYLOAD_TOO_LARGE', message: 'too many events' });
    else this.validate(events, send);
  }

  private validate(events: IngestEvent[], send: (status: number, payload: unknown) => void): void {
    const rejected: { index: number; insert_id: string | null; reason: string }[] = [];
    events.forEach((event, index) => {
      const parsed = ingestEventSchema.safeParse(event);
      const reason = parsed.success ? this.rejectWhen(event) : (parsed.error.issues[0]?.message ?? 'invalid');
      if (reason === undefined) this.accepted.push(event);
      else {
        rejected.push({ index, insert_id: event.insert_id, reason });
        this.rejected.push({ event, reason });
      }
    });
    send(200, { accepted: events.length - rejected.length, rejected });
  }
}

/** The real fetch, counting its calls: a request starts the moment the SDK calls it. */
export function countingFetch(): { fetch: FetchLike; readonly calls: number; readonly keepalive: number } {
  let calls = 0;
  let keepalive = 0;
  return {
    fetch: (url, init) => {
      calls += 1;
      if (init.keepalive === true) keepalive += 1;
      return globalThis.fetch(url, init);
    },
    get calls() {
      return calls;
    },
    get keepalive() {
      return keepalive;
    },
  };
}

export function recordingLogger(): { warn(message: string): void; messages: string[] } {
  const messages: string[] = [];
  return { warn: (message) => messages.push(message), messages };
}
