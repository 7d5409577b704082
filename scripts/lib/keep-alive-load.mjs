// A small keep-alive HTTP/1.1 load generator for `npm run bench -- api` and `-- ingest`, run in a
// worker thread so it has a core of its own. Each connection sends one request, reads the whole
// answer (Content-Length, as Fastify answers JSON), records the latency and sends the next: like
// autocannon without pipelining. Raw sockets and a request built once keep the generator's own cost
// per request small. With a `body` template (POST), `__PLAYER__` becomes the connection's number and
// `__REQUEST__` a number unique to each request (fresh insert_ids), and `"accepted":N` answers are summed.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const headerEnd = Buffer.from('\r\n\r\n');

function connection({ host, port, request, until, warmUntil }, results, player) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true });
    let buffer = Buffer.alloc(0);
    let sentAt = 0;
    let sent = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(typeof request === 'function' ? request(player, (sent += 1)) : request);
    };
    socket.on('connect', send);
    socket.on('error', reject);
    socket.on('close', () => resolve());
    socket.on('data', (chunk) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf(headerEnd);
        if (end === -1) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 'NaN');
        if (!Number.isFinite(length)) {
          reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
          socket.destroy();
          return;
        }
        if (buffer.length < end + 4 + length) return;
        const now = performance.now();
        const status = Number(head.slice(9, 12));
        if (status === 200 && results.countAccepted) {
          // Every acknowledged event, warm-up included: the bench checks each is stored once.
          results.acknowledged += Number(/"accepted":(\d+)/.exec(buffer.subarray(end + 4, end + 4 + length).toString('latin1'))?.[1] ?? 0);
        }
        buffer = buffer.subarray(end + 4 + length);
        if (now >= warmUntil) {
          results.latencies.push(now - sentAt);
          if (status !== 200) results.errors += 1;
          if (status === 429) results.limited += 1;
        }
        if (now >= until) {
          socket.end();
          return;
        }
        send();
      }
    });
  });
}

const { url, headers = {}, connections = 50, durationMs = 10_000, warmupMs = 2_000, body } = workerData;
const target = new URL(url);
const lines = [`${body === undefined ? 'GET' : 'POST'} ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`, 'connection: keep-alive'];
for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
const head = lines.join('\r\n');
/** A POST's bytes: the template with this player's and this request's numbers. */
const post = (player, sent) => {
  const text = body.replaceAll('__PLAYER__', String(player)).replaceAll('__REQUEST__', `${player}-${sent}`);
  return Buffer.from(`${head}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
};
const request = body === undefined ? Buffer.from(`${head}\r\n\r\n`) : post;
const started = performance.now();
const options = { host: target.hostname, port: Number(target.port), request, warmUntil: started + warmupMs, until: started + warmupMs + durationMs };
const results = { latencies: [], errors: 0, limited: 0, acknowledged: 0, countAccepted: body !== undefined };
await Promise.all(Array.from({ length: connections }, (_, player) => connection(options, results, player)));
const measuredMs = performance.now() - options.warmUntil;
parentPort.postMessage({
  count: results.latencies.length,
  errors: results.errors,
  limited: results.limited,
  acknowledged: results.acknowledged,
  seconds: measuredMs / 1000,
  latencies: Float64Array.from(results.latencies),
});
