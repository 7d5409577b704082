import type { DuckDBConnection } from '@duckdb/node-api';
import type { AnalyticsFilters, FilterDimension, Granularity } from '@questboard/shared/analytics-view';
import type { ProjectMoney } from '@questboard/shared/money';
import type { View } from './buckets';
import type { RollupTables } from '../events/duckdb-rollups';
import { StatementBatcher } from './duckdb-statements';

// What every page's DuckDB queries share: building SQL text with parameters, and reading results.

export type Row = Record<string, unknown>;
export const DIMENSIONS: readonly FilterDimension[] = ['platform', 'country', 'app_version'];

/** Positional parameters for one statement. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The queries of one request: one connection on up-to-date rollups, and the project's tables.
 * Queries asked for at once (`Promise.all`) run as one statement (duckdb-statements.ts), so a page
 * that asks for its independent queries together waits for the event loop once, not once each.
 */
export class DuckDbQuery {
  private readonly batcher: StatementBatcher;

  constructor(
    connection: DuckDBConnection,
    readonly t: RollupTables,
  ) {
    this.batcher = new StatementBatcher(connection);
  }

  rows(sql: string, params?: Params): Promise<Row[]> {
    return this.batcher.rows({ sql, values: params?.values ?? [] });
  }
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A checked YYYY-MM-DD as a SQL date literal. */
export function date(day: string): string {
  if (!dayPattern.test(day)) throw new Error(`not a day: ${JSON.stringify(day)}`);
  return `DATE '${day}'`;
}

/** The view's days on a date column of a rollup. */
export function rangeSql(view: Pick<View, 'from' | 'to'>, column = 'day'): string {
  return `${column} BETWEEN ${date(view.from)} AND ${date(view.to)}`;
}

/** Events whose time falls in the view's days (bounds on ts itself, so zone maps apply). */
export function eventRangeSql(view: Pick<View, 'from' | 'to'>): string {
  return `ts >= ${date(view.from)} AND ts < ${date(view.to)} + 1`;
}

/** SQL for the view's filters on columns with the given prefix ('' or 'ud.'); 'true' when none. */
export function filterSql(params: Params, filters: AnalyticsFilters, prefix = ''): string {
  const parts: string[] = [];
  for (const dimension of DIMENSIONS) {
    const values = filters[dimension];
    if (values.length > 0) parts.push(`${prefix}${dimension} IN (${values.map((value) => params.add(value)).join(', ')})`);
  }
  return parts.length > 0 ? parts.join(' AND ') : 'true';
}

/**
 * The project's rates as a relation (currency, rate), the reporting currency at 1 (ADR 011): a
 * purchase joins it to convert, and one whose currency is not in it is left out.
 */
export function ratesSql(params: Params, money: ProjectMoney): string {
  const rows = [[money.currency, 1], ...Object.entries(money.rates).filter(([code]) => code !== money.currency)];
  return `(SELECT * FROM (VALUES ${rows.map(([code, rate]) => `(${params.add(code)}::VARCHAR, ${params.add(rate)}::DOUBLE)`).join(', ')}) AS rates(currency, rate))`;
}

/** The label of the bucket holding `day` (ADR 010: its first day inside the range). */
export function bucketSql(dayExpression: string, granularity: Granularity, from: string): string {
  if (granularity === 'day') return `(${dayExpression})::VARCHAR`;
  return `greatest(date_trunc('${granularity}', ${dayExpression})::DATE, ${date(from)})::VARCHAR`;
}

export const unfiltered = (view: AnalyticsFilters) => DIMENSIONS.every((dimension) => view[dimension].length === 0);
export const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
export const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export const ratio = (top: number, bottom: number): number | null => (bottom === 0 ? null : top / bottom);
export const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);
export const iso = (ms: unknown): string => new Date(Number(ms)).toISOString();

/** Rows keyed by their `b` (bucket) column. */
export function byBucket(rows: Row[]): Map<string, Row> {
  return new Map(rows.map((row) => [String(row.b), row]));
}
