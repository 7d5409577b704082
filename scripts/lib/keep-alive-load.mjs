// A small keep-alive HTTP/1.1 load generator for `npm run bench -- api`, run in a worker thread so it
// has a core of its own. Each connection sends one GET, reads the whole answer (Content-Length,
// as Fastify answers JSON), records the latency and sends the next: like autocannon without
// pipelining. Raw sockets and a request built once keep the generator's own cost per request small.
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const headerEnd = Buffer.from('\r\n\r\n');

function connection({ host, port, request, until, warmUntil }, results) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, noDelay: true });
    let buffer = Buffer.alloc(0);
    let sentAt = 0;
    const send = () => {
      sentAt = performance.now();
      socket.write(request);
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
        buffer = buffer.subarray(end + 4 + length);
        if (now >= warmUntil) {
          results.latencies.push(now - sentAt);
          if (status !== 200) results.errors += 1;
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

const { url, headers = {}, connections = 50, durationMs = 10_000, warmupMs = 2_000 } = workerData;
const target = new URL(url);
const lines = [`GET ${target.pathname}${target.search} HTTP/1.1`, `host: ${target.host}`, 'connection: keep-alive'];
for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
const request = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
const started = performance.now();
const options = { host: target.hostname, port: Number(target.port), request, warmUntil: started + warmupMs, until: started + warmupMs + durationMs };
const results = { latencies: [], errors: 0 };
await Promise.all(Array.from({ length: connections }, () => connection(options, results)));
const measuredMs = performance.now() - options.warmUntil;
parentPort.postMessage({ count: results.latencies.length, errors: results.errors, seconds: measuredMs / 1000, latencies: Float64Array.from(results.latencies) });
