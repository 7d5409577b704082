import v8 from 'node:v8';
import vm from 'node:vm';
import { DuckDBDataChunk, DuckDBInstance, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { closeQuietly } from './duckdb-event-writer';

// The writer's appender straight into a project's table (ADR 023): one whose flush met a stored
// insert_id must leave nothing behind for a later transaction of the same connection.
let instance: DuckDBInstance;
let connection: DuckDBConnection;
beforeEach(async () => {
  instance = await DuckDBInstance.create(':memory:');
  connection = await instance.connect();
  await connection.run('CREATE TABLE events (insert_id VARCHAR NOT NULL PRIMARY KEY)');
  await connection.run(`INSERT INTO events VALUES ('stored')`);
});
afterEach(() => {
  connection.closeSync();
  instance.closeSync();
});

/** A flush that fails on a stored insert_id, its appender closed as the writer closes it and then dropped. */
async function failedFlush() {
  const appender = await connection.createAppender('events');
  const chunk = DuckDBDataChunk.create([VARCHAR], 2);
  chunk.setColumns([['new', 'stored']]);
  appender.appendDataChunk(chunk);
  expect(() => appender.flushSync()).toThrow(/Duplicate key|PRIMARY KEY/i);
  closeQuietly(appender);
}

it('leaves no rows of a failed flush in the appender to be flushed into the next transaction when it is collected', async () => {
  await failedFlush();
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  await connection.run('BEGIN TRANSACTION');
  // The dropped appender is collected while the next transaction is open.
  collect();
  await new Promise((resolve) => setImmediate(resolve));
  await connection.run(`INSERT INTO events VALUES ('next')`);
  await connection.run('COMMIT');
  const rows = (await connection.runAndReadAll('SELECT insert_id FROM events ORDER BY insert_id')).getRowsJS();
  expect(rows).toEqual([['next'], ['stored']]);
});
