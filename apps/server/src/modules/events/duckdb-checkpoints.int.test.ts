import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDuckDbEventStore } from './duckdb-event-store';
import type { NewEvent } from './event-store';
import { projectTable } from './event-table';

// ADR 023, "Checkpoints": the write-ahead log is folded into the file when the writer is idle, not
// inside the commit that takes it past DuckDB's default 16 MB, which held every player of that
// commit for a checkpoint's length.
const projectId = '6f1c1b5e-3333-4333-8333-333333333333';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), `questboard-checkpoints-${process.pid}-`));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const sizeOf = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
const defaultThresholdBytes = 16 * 1024 * 1024;

function events(count: number, prefix: string): NewEvent[] {
  const at = Date.now();
  return Array.from({ length: count }, (_, i) => ({
    insert_id: `${prefix}-${i.toString().padStart(8, '0')}-a-resent-batch-would-carry-this-same-id`,
    name: i % 3 === 0 ? 'level_start' : 'resource',
    user_id: `player-${(i % 5_000).toString().padStart(6, '0')}`,
    session_id: `session-${(i % 5_000).toString().padStart(6, '0')}`,
    timestamp: new Date(at - (i % 86_400) * 1000).toISOString(),
    receivedAt: new Date(at),
    platform: 'android',
    app_version: '1.4.2',
    country: 'DE',
    properties: { flow: 'source', virtual_currency: 'gems', amount: i % 97, item: `item-${i % 400}` },
    demo: false,
  }));
}

describe('DuckDB checkpoints', () => {
  it('leave the commits alone and fold the log in once the writer is idle', async () => {
    const file = path.join(dir, 'idle.duckdb');
    const store = await openDuckDbEventStore({ file, idleCheckpoints: { idleMs: 400 } });
    try {
      const batches = Array.from({ length: 5 }, (_, batch) => events(40_000, `b${batch}`));
      // Queued together: no idle moment until all five commits are done.
      await Promise.all(batches.map((batch) => store.append(projectId, batch)));
      // Past DuckDB's default threshold, and no commit checkpointed.
      expect(sizeOf(`${file}.wal`)).toBeGreaterThan(defaultThresholdBytes);
      await vi.waitFor(() => expect(sizeOf(`${file}.wal`)).toBeLessThan(1024 * 1024), { timeout: 15_000, interval: 100 });
    } finally {
      await store.close();
    }
    const instance = await DuckDBInstance.create(file);
    try {
      const connection = await instance.connect();
      const rows = (await connection.runAndReadAll(`SELECT count(*)::DOUBLE, count(DISTINCT insert_id)::DOUBLE FROM ${projectTable(projectId)}`)).getRowsJS();
      connection.closeSync();
      expect(rows).toEqual([[200_000, 200_000]]);
    } finally {
      instance.closeSync();
    }
  });

  it('checkpoints nothing while writes keep coming', async () => {
    const file = path.join(dir, 'busy.duckdb');
    const store = await openDuckDbEventStore({ file, idleCheckpoints: { idleMs: 400, minWalBytes: 0 } });
    try {
      // A write every 100 ms for 1.5 s: the writer is never idle for 400 ms, and the log only grows.
      const walSizes: number[] = [];
      for (let round = 0; round < 15; round += 1) {
        await store.append(projectId, events(200, `r${round}`));
        walSizes.push(sizeOf(`${file}.wal`));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(walSizes).toEqual([...walSizes].sort((a, b) => a - b));
      const walWhileBusy = walSizes.at(-1)!;
      expect(walWhileBusy).toBeGreaterThan(walSizes[0]!);
      // Then idle: folded in.
      await vi.waitFor(() => expect(sizeOf(`${file}.wal`)).toBeLessThan(walWhileBusy), { timeout: 5_000, interval: 50 });
    } finally {
      await store.close();
    }
  });
});
