// A real HTTP server on 127.0.0.1 for the API client's tests: no mocked fetch. Each test scripts
// the answers per call and reads back what the client sent.
import { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type ScriptedReply =
  | {
      status?: number;
      /** The reason phrase; Node's default for the status unless given. */
      statusText?: string;
      headers?: Record<string, string>;
      /** A string is sent as is; anything else as JSON with an application/json content type. */
      body?: unknown;
    }
  /** Never answers (a time-out). */
  | 'hang'
  /** Drops the connection without answering (a network error). */
  | 'drop';

/** Answers the request numbered `index` (0 for the first the server received). */
export type ReplyScript = (request: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface HttpTestServer {
  /** e.g. http://127.0.0.1:54321, without a trailing slash. */
  url: string;
  requests: RecordedRequest[];
  /** Replaces the script; the default answers 200 with an empty JSON object. */
  script(replies: ScriptedReply[] | ReplyScript): void;
  close(): Promise<void>;
}

function toScript(replies: ScriptedReply[] | ReplyScript): ReplyScript {
  if (typeof replies === 'function') return replies;
  // A list answers call N with its Nth reply, and every later call with its last one.
  return (_request, index) => replies[Math.min(index, replies.length - 1)] ?? {};
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    request.on('error', reject);
  });
}

function answer(response: ServerResponse, reply: ScriptedReply): void {
  if (reply === 'hang') return;
  if (reply === 'drop') {
    response.socket?.destroy();
    return;
  }
  const { status = 200, statusText, headers = {}, body } = reply;
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const contentType = body === undefined || typeof body === 'string' ? {} : { 'content-type': 'application/json' };
  response.writeHead(status, statusText, { ...contentType, ...headers });
  response.end(text);
}

export async function startHttpTestServer(
  replies: ScriptedReply[] | ReplyScript = [{ body: {} }],
): Promise<HttpTestServer> {
  let script = toScript(replies);
  const requests: RecordedRequest[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request);
      const recorded = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body };
      const index = requests.push(recorded) - 1;
      answer(response, await script(recorded, index));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(next) {
      script = toScript(next);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging answers and keep-alive sockets would hold close() open.
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
