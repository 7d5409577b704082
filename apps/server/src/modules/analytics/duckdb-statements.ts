import { JSDuckDBValueConverter, type DuckDBConnection, type DuckDBMaterializedResult } from '@duckdb/node-api';
import type { Row } from './duckdb-sql';

// Issue 20: every call into DuckDB waits for the event loop once it is done, and under load that
// wait (0.1–3 s) was most of an overview's time. node-api's `runAndReadAll` with parameters makes
// five such calls or more (extract, prepare, run, one fetch a chunk and a last empty one); this makes
// two (prepare, run) and reads the materialised chunks without waiting. Statements asked for together
// (`Promise.all`) go to DuckDB as one statement, so an overview's twenty cost two waits, not a hundred.

export interface Statement {
  sql: string;
  values: readonly unknown[];
}

/** The rows of a materialised result, converted as `getRowObjectsJS` does, without a round trip per chunk. */
export function materialisedRows(result: DuckDBMaterializedResult): Row[] {
  const names = result.deduplicatedColumnNames();
  const rows: Row[] = [];
  for (let index = 0; index < result.chunkCount; index += 1) {
    const chunk = result.getChunk(index);
    for (let rowIndex = 0; rowIndex < chunk.rowCount; rowIndex += 1) {
      const row: Row = {};
      chunk.visitRowValues(rowIndex, (value, _row, column, type) => {
        row[names[column] ?? String(column)] = JSDuckDBValueConverter(value, type, JSDuckDBValueConverter);
      });
      rows.push(row);
    }
  }
  return rows;
}

/** One statement with positional parameters: prepared, bound and run in two calls. */
export async function runStatement(connection: DuckDBConnection, statement: Statement): Promise<Row[]> {
  const prepared = await connection.prepare(statement.sql);
  try {
    if (statement.values.length > 0) prepared.bind(statement.values as never);
    return materialisedRows(await prepared.run());
  } finally {
    prepared.destroySync();
  }
}

/**
 * `$1`, `$2`… of `sql` shifted by `offset`, outside quoted strings and identifiers: the statement's
 * parameters once others come before it in a combined statement.
 */
export function shiftParameters(sql: string, offset: number): string {
  if (offset === 0) return sql;
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, number: string | undefined) =>
    number === undefined ? match : `$${Number(number) + offset}`,
  );
}

/**
 * Several statements as one: each becomes a column holding its rows as a list of structs, in its
 * own order (numbered before they are gathered). DuckDB runs them in one call on its own threads.
 */
export function combineStatements(statements: readonly Statement[]): Statement {
  const columns: string[] = [];
  const values: unknown[] = [];
  statements.forEach((statement, index) => {
    const sql = shiftParameters(statement.sql, values.length);
    values.push(...statement.values);
    columns.push(`(SELECT list(r ORDER BY i) FROM (SELECT r, row_number() OVER () AS i FROM (${sql}) r)) AS s${index}`);
  });
  return { sql: `SELECT ${columns.join(',\n')}`, values };
}

/** The rows of each statement from the combined statement's one row. */
export function splitCombined(row: Row | undefined, count: number): Row[][] {
  return Array.from({ length: count }, (_, index) => (row?.[`s${index}`] as Row[] | null | undefined) ?? []);
}

/**
 * The statements of one computation on one connection: those asked for in the same turn of the
 * event loop are sent together; a connection runs one at a time.
 */
export class StatementBatcher {
  private waiting: (Statement & { resolve: (rows: Row[]) => void; reject: (error: unknown) => void })[] = [];
  private previous: Promise<unknown> = Promise.resolve();

  constructor(private readonly connection: DuckDBConnection) {}

  rows(statement: Statement): Promise<Row[]> {
    return new Promise((resolve, reject) => {
      if (this.waiting.length === 0) queueMicrotask(() => this.flush());
      this.waiting.push({ ...statement, resolve, reject });
    });
  }

  private flush() {
    const batch = this.waiting;
    this.waiting = [];
    const run = async () => {
      if (batch.length === 1) return [await runStatement(this.connection, batch[0] as Statement)];
      const [row] = await runStatement(this.connection, combineStatements(batch));
      return splitCombined(row, batch.length);
    };
    const done = this.previous.then(run);
    this.previous = done.catch(() => undefined);
    done.then(
      (results) => batch.forEach((entry, index) => entry.resolve(results[index] ?? [])),
      (error: unknown) => batch.forEach((entry) => entry.reject(error)),
    );
  }
}
