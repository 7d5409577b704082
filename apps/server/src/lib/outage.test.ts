import { describe, expect, it } from 'vitest';
import { outageOf, StorageFullError } from './outage';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
// drizzle wraps the driver's error: the cause says what happened.
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1\nparams: '), { cause });

describe('outageOf', () => {
  it.each<[string, unknown, ReturnType<typeof outageOf>]>([
    ['a refused connection', withCode('ECONNREFUSED'), 'database'],
    ['a refused connection under drizzle', wrapped(withCode('ECONNREFUSED')), 'database'],
    ['the pool giving up connecting', new Error('timeout exceeded when trying to connect'), 'database'],
    ['the connect time-out', new Error('Connection terminated due to connection timeout'), 'database'],
    ['the query time-out', wrapped(new Error('Query read timeout')), 'database'],
    ['a server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command'), 'database'],
    ['a server starting up (57P03)', withCode('57P03', 'the database system is starting up'), 'database'],
    ['statement_timeout (57014)', withCode('57014', 'canceling statement due to statement timeout'), 'database'],
    ['a connection exception (08006)', withCode('08006'), 'database'],
    ['a full disk in PostgreSQL (53100)', withCode('53100', 'could not extend file'), 'storage'],
    ['ENOSPC', withCode('ENOSPC'), 'storage'],
    ['DuckDB out of space', new Error('TransactionContext Error: Failed to commit: Could not write file "x.wal": No space left on device'), 'storage'],
    ['the store saying so', new StorageFullError(), 'storage'],
    ['a unique violation (23505)', withCode('23505', 'duplicate key value'), undefined],
    ['a syntax error (42601)', withCode('42601'), undefined],
    ['a plain bug', new TypeError('x is undefined'), undefined],
    ['not an error at all', 'oops', undefined],
    ['null', null, undefined],
  ])('%s', (_label, error, expected) => {
    expect(outageOf(error)).toBe(expected);
  });
});
