import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './postgres-cluster';
import { eventStoreTargets } from './event-stores';
import { seedProject, startProduct, stopStartedProcesses, storedEvents, waitForReady } from './product-process';

// Issue 7: "the server killed with SIGKILL in the middle of a stream loses no acknowledged event and
// stores none twice after restart". The real product process, a real stream over HTTP, a real kill.
const parentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'questboard-durability-'));
afterAll(async () => {
  // A failed test may have left its product running.
  await stopStartedProcesses();
  fs.rmSync(parentDir, { recursive: true, force: true });
});

const batchSize = 500;
function batch(index: number) {
  const at = new Date().toISOString();
  return Array.from({ length: batchSize }, (_, i) => ({ insert_id: `b${index}-${i}`, name: 'tick', user_id: `u${i % 50}`, timestamp: at }));
}

describe.each(eventStoreTargets)('ingestion durability on $name', (target) => {
  it('loses no acknowledged event to SIGKILL and stores none twice after the retries', async () => {
    const place = await target.create();
    const { env } = place;
    const dataDir = fs.mkdtempSync(path.join(parentDir, 'data-'));
    const { projectId, key } = await seedProject(dataDir, 'stream');
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const send = (index: number) =>
      fetch(`${base}/ingest/v1/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-ingest-key': key },
        body: JSON.stringify({ events: batch(index) }),
      });

    const first = startProduct(dataDir, port, env);
    await waitForReady(base);
    const acknowledged = new Set<number>();
    let next = 0;
    let killed = false;
    // Four streams of batches; the kill lands while requests are in flight.
    const stream = async () => {
      while (!killed) {
        const index = next++;
        try {
          const response = await send(index);
          if (response.status === 200 && ((await response.json()) as { accepted: number }).accepted === batchSize) acknowledged.add(index);
        } catch {
          // the server died under this request: not acknowledged
        }
      }
    };
    const streams = Promise.all([stream(), stream(), stream(), stream()]);
    while (acknowledged.size < 20) await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.kill('SIGKILL');
    killed = true;
    await first.exited;
    await streams;
    const sentBatches = next;
    expect(acknowledged.size).toBeLessThan(sentBatches);

    const afterKill = await storedEvents(dataDir, projectId, env);
    const ids = new Set(afterKill.map((event) => event.insertId));
    expect(afterKill).toHaveLength(ids.size);
    for (const index of acknowledged) {
      for (let i = 0; i < batchSize; i += 1) expect(ids.has(`b${index}-${i}`)).toBe(true);
    }

    // A client retries what was not acknowledged; this one even resends everything.
    const second = startProduct(dataDir, port, env);
    await waitForReady(base);
    for (let index = 0; index < sentBatches; index += 1) {
      const response = await send(index);
      expect(response.status).toBe(200);
    }
    second.child.kill('SIGTERM');
    await second.exited;

    const final = await storedEvents(dataDir, projectId, env);
    expect(final).toHaveLength(sentBatches * batchSize);
    expect(new Set(final.map((event) => event.insertId)).size).toBe(sentBatches * batchSize);
    await place.dispose();
  }, 240_000);
});
