import { openPgliteClient } from '../../db/database';
import type { StoredKey } from '../identity/signing-keys';

// The accounts half of `npm run migrate-store` (ADR 035): every table of the schema, read from the
// catalogue of the migrated databases (never a hand-kept list), copied from the embedded PGlite
// database to PostgreSQL in foreign-key order, in one transaction.

/** What both PGlite and node-postgres answer a query with. */
export interface SqlClient {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

export interface TableShape {
  name: string;
  /** The columns a row is written through: generated columns are left out (the target computes them). */
  columns: { name: string; type: string }[];
}

/** A column or table name in SQL text. */
export const identifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

const qualified = (table: string) => `public.${identifier(table)}`;

/**
 * Orders tables so that every table comes after the tables it references (Kahn's algorithm, ties by
 * name). A table referencing itself orders nothing; a cycle between tables cannot be copied in any
 * order and is refused.
 */
export function foreignKeyOrder(tables: readonly string[], references: readonly { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((table) => [table, new Set<string>()]));
  for (const { child, parent } of references) {
    if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = [...parents]
      .filter(([table, needs]) => !placed.has(table) && [...needs].every((parent) => placed.has(parent)))
      .map(([table]) => table)
      .sort();
    if (ready.length === 0) {
      const left = tables.filter((table) => !placed.has(table));
      throw new Error(`The tables ${left.join(', ')} reference each other in a cycle: there is no order to copy them in.`);
    }
    for (const table of ready) {
      ordered.push(table);
      placed.add(table);
    }
  }
  return ordered;
}

/** Every table of the `public` schema with its writable columns, in foreign-key order. */
export async function schemaTables(sql: SqlClient): Promise<TableShape[]> {
  const columns = await sql.query(
    `select c.relname as table_name, a.attname as column_name, format_type(a.atttypid, a.atttypmod) as column_type
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p')
     order by c.relname, a.attnum`,
  );
  const columnRows = columns.rows as { table_name: string; column_name: string; column_type: string }[];
  const references = await sql.query(
    `select child.relname as child, parent.relname as parent
     from pg_constraint k
     join pg_class child on child.oid = k.conrelid
     join pg_class parent on parent.oid = k.confrelid
     join pg_namespace n on n.oid = child.relnamespace
     where k.contype = 'f' and n.nspname = 'public'`,
  );
  const shapes = new Map<string, TableShape>();
  for (const row of columnRows) {
    const shape = shapes.get(row.table_name) ?? { name: row.table_name, columns: [] };
    shape.columns.push({ name: row.column_name, type: row.column_type });
    shapes.set(row.table_name, shape);
  }
  const order = foreignKeyOrder([...shapes.keys()], references.rows as { child: string; parent: string }[]);
  return order.flatMap((name) => shapes.get(name) ?? []);
}

/**
 * Refuses when the two databases' tables differ (a different version of Questboard migrated one of
 * them): a copy would lose a table or a column.
 */
export function sameSchema(source: readonly TableShape[], target: readonly TableShape[]): void {
  const describe = (tables: readonly TableShape[]) =>
    new Map(tables.map((table) => [table.name, table.columns.map((column) => `${column.name} ${column.type}`).join(', ')]));
  const from = describe(source);
  const to = describe(target);
  const differing = [...new Set([...from.keys(), ...to.keys()])].filter((table) => from.get(table) !== to.get(table)).sort();
  if (differing.length > 0) {
    throw new MigrateError(
      `The PostgreSQL database's tables differ from DATA_DIR's (${differing.join(', ')}): run the same version of Questboard on both.`,
    );
  }
}

/** An operator's mistake or a refusal, said in one paragraph (no stack trace). */
export class MigrateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MigrateError';
  }
}

export async function rowCounts(sql: SqlClient, tables: readonly TableShape[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const { rows } = await sql.query(`select count(*)::int as n from ${qualified(table.name)}`);
    counts.set(table.name, Number(rows[0]?.n ?? 0));
  }
  return counts;
}

/**
 * A table's rows with every value in PostgreSQL's text form, which reads back exactly (timestamps to
 * the microsecond, jsonb, doubles), in no particular order.
 */
export async function tableText(sql: SqlClient, table: TableShape): Promise<(string | null)[][]> {
  if (table.columns.length === 0) return [];
  const list = table.columns.map((column, i) => `${identifier(column.name)}::text as c${i}`).join(', ');
  const { rows } = await sql.query(`select ${list} from ${qualified(table.name)}`);
  return rows.map((row) => table.columns.map((_, i) => (row[`c${i}`] ?? null) as string | null));
}

/** Values a statement carries at most (PostgreSQL allows 65,535 parameters). */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_INSERT = 500;

/** Multi-row inserts of text values, each cast to its column's type. Answers the rows written. */
export async function insertText(sql: SqlClient, table: TableShape, rows: readonly (readonly (string | null)[])[]): Promise<number> {
  const width = table.columns.length;
  if (width === 0 || rows.length === 0) return 0;
  const perInsert = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_PARAMETERS / width)));
  const names = table.columns.map((column) => identifier(column.name)).join(', ');
  for (let at = 0; at < rows.length; at += perInsert) {
    const batch = rows.slice(at, at + perInsert);
    const values = batch
      .map((_, r) => `(${table.columns.map((column, c) => `$${r * width + c + 1}::${column.type}`).join(', ')})`)
      .join(', ');
    // OVERRIDING SYSTEM VALUE: an identity column keeps the source's value, as every other column does.
    await sql.query(`insert into ${qualified(table.name)} (${names}) overriding system value values ${values}`, batch.flat());
  }
  return rows.length;
}

/** Moves every sequence owned by a column (serial, identity) past the column's largest value. */
export async function resetSequences(sql: SqlClient, tables: readonly TableShape[]): Promise<number> {
  let reset = 0;
  for (const table of tables) {
    for (const column of table.columns) {
      const { rows } = await sql.query('select pg_get_serial_sequence($1, $2) as sequence', [
        qualified(table.name),
        column.name,
      ]);
      const sequence = rows[0]?.sequence as string | null | undefined;
      if (!sequence) continue;
      await sql.query(
        `select setval($1::regclass, coalesce((select max(${identifier(column.name)}) from ${qualified(table.name)}), 0) + 1, false)`,
        [sequence],
      );
      reset += 1;
    }
  }
  return reset;
}

/**
 * Row counts of a freshly migrated database: the rows the migrations themselves insert (the cache
 * version's one row), which an empty target holds too. Measured on an in-memory PGlite, so a
 * migration that seeds a table is known without a list kept by hand.
 */
export async function seededRowCounts(): Promise<Map<string, number>> {
  const fresh = await openPgliteClient(undefined);
  try {
    return await rowCounts(fresh, await schemaTables(fresh));
  } finally {
    await fresh.close();
  }
}

/** The tables holding more rows than a freshly migrated database: the target is in use. */
export function occupiedTables(counts: ReadonlyMap<string, number>, seeded: ReadonlyMap<string, number>): string[] {
  return [...counts].filter(([table, count]) => count > (seeded.get(table) ?? 0)).map(([table, count]) => `${table} (${count})`);
}

/** The signing keys of DATA_DIR/keys as rows of `signing_keys`; keys the table already holds are kept. */
export async function insertSigningKeys(sql: SqlClient, keys: readonly StoredKey[]): Promise<number> {
  let inserted = 0;
  for (const key of keys) {
    const { rows } = await sql.query(
      `insert into public.signing_keys (kid, created_at, retired_at, private_jwk, public_jwk)
       values ($1, $2::timestamptz, $3::timestamptz, $4::jsonb, $5::jsonb) on conflict (kid) do nothing returning kid`,
      [key.kid, key.createdAt, key.retiredAt ?? null, JSON.stringify(key.privateJwk), JSON.stringify(key.publicJwk)],
    );
    inserted += rows.length;
  }
  return inserted;
}

export interface AccountsCopy {
  tables: { name: string; rows: number }[];
  signingKeys: number;
  sequences: number;
}

/**
 * Copies every table of `source` into `target` in one transaction: the user triggers are disabled
 * for it (they only tell running servers' caches of changes, and none runs; this also takes each
 * table's lock, so no server can start writing meanwhile), the target is checked to be empty, the
 * rows the migrations seeded are replaced by the source's, the rows are inserted in foreign-key
 * order, the sequences moved past them and the signing keys added. Anything failing rolls all of it back.
 */
export async function copyAccounts(options: {
  source: SqlClient;
  target: SqlClient;
  signingKeys: readonly StoredKey[];
  seeded: ReadonlyMap<string, number>;
  progress?: (line: string) => void;
}): Promise<AccountsCopy> {
  const { source, target, progress } = options;
  const tables = await schemaTables(source);
  sameSchema(tables, await schemaTables(target));
  await target.query('begin');
  try {
    for (const table of tables) await target.query(`alter table ${qualified(table.name)} disable trigger user`);
    const occupied = occupiedTables(await rowCounts(target, tables), options.seeded);
    if (occupied.length > 0) {
      throw new MigrateError(
        `The PostgreSQL database already holds data (${occupied.join(', ')}). migrate-store copies into an empty database only, never merging into one in use: point DATABASE_URL at a new database.`,
      );
    }
    for (const table of [...tables].reverse()) {
      if ((options.seeded.get(table.name) ?? 0) > 0) await target.query(`delete from ${qualified(table.name)}`);
    }
    const copied: AccountsCopy['tables'] = [];
    for (const table of tables) {
      const rows = await insertText(target, table, await tableText(source, table));
      copied.push({ name: table.name, rows });
      progress?.(`  ${table.name}: ${rows.toLocaleString('en')} ${rows === 1 ? 'row' : 'rows'}`);
    }
    const signingKeys = await insertSigningKeys(target, options.signingKeys);
    progress?.(`  signing keys from DATA_DIR/keys: ${signingKeys}`);
    for (const table of tables) await target.query(`alter table ${qualified(table.name)} enable trigger user`);
    const sequences = await resetSequences(target, tables);
    await target.query('commit');
    return { tables: copied, signingKeys, sequences };
  } catch (error) {
    await target.query('rollback').catch(() => undefined);
    throw error;
  }
}
