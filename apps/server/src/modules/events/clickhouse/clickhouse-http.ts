// The ClickHouse HTTP interface through Node's fetch (ADR 033): ClickHouse 18.16 has no query
// parameters (`{name:Type}` came in 19.x), so values are placed in the SQL text by `literal`, and
// `@clickhouse/client` would have bought nothing but a dependency and a slower round trip.

import { StorageFullError } from '../../../lib/outage';

export type Row = Record<string, unknown>;

/** A value placed in SQL text: a string literal with every quote and backslash escaped, or a finite number. */
export function literal(value: string | number | boolean | null): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  // ClickHouse reads backslash escapes inside '…'; escaping the backslash and the quote leaves
  // every other character (control characters and NUL included) as it is.
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** A list of literals for `IN (…)`; an empty list matches nothing. */
export function literalList(values: readonly (string | number)[]): string {
  return values.length === 0 ? '(NULL)' : `(${values.map(literal).join(', ')})`;
}

/** An error ClickHouse answered with (`Code: N, e.displayText() = …`). */
export class ClickHouseError extends Error {
  constructor(
    message: string,
    readonly code: number | undefined,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ClickHouseError';
  }
}

export interface ClickHouseHttpOptions {
  /** `http://user:password@host:8123/database` (CLICKHOUSE_URL). */
  url: string;
  /** Milliseconds a statement may take before the client stops waiting. */
  timeoutMs?: number;
  /** Settings sent with every statement (URL parameters). */
  settings?: Record<string, string | number>;
}

/**
 * The socket was closed by the other side (undici's UND_ERR_SOCKET), reset, or closed while the
 * request was being written (EPIPE: an insert's body sent on a kept-alive connection the server had
 * just closed, seen writing 10 million events with pauses between the inserts).
 */
export function closedBeforeAnswer(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET' || cause?.code === 'EPIPE';
}

export class ClickHouseHttp {
  private readonly endpoint: URL;
  private readonly headers: Record<string, string> = {};
  private readonly timeoutMs: number;
  readonly database: string;

  constructor(options: ClickHouseHttpOptions) {
    const url = new URL(options.url);
    this.database = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, '')) || 'default';
    if (url.username || url.password) {
      const user = decodeURIComponent(url.username || 'default');
      this.headers.authorization = `Basic ${Buffer.from(`${user}:${decodeURIComponent(url.password)}`).toString('base64')}`;
    }
    this.endpoint = new URL(`${url.protocol}//${url.host}/`);
    this.endpoint.searchParams.set('database', this.database);
    // 64-bit integers as JSON numbers: every count here is far below 2^53.
    this.endpoint.searchParams.set('output_format_json_quote_64bit_integers', '0');
    for (const [name, value] of Object.entries(options.settings ?? {})) this.endpoint.searchParams.set(name, String(value));
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  /**
   * Sends a statement; `data` (an INSERT's rows) goes in the body with the statement in the URL,
   * else the statement is the body: the server refuses a URL over 16 KiB (400 without a message in
   * 18.16), which a funnel's statement passes.
   */
  private async send(sql: string, data?: string): Promise<string> {
    const url = new URL(this.endpoint);
    if (data !== undefined) url.searchParams.set('query', sql);
    const body = data ?? sql;
    let response: Response;
    let text: string;
    const post = () => fetch(url, { method: 'POST', headers: this.headers, body, signal: AbortSignal.timeout(this.timeoutMs) });
    try {
      // ClickHouse closes an idle kept-alive connection after 3 s, Node's fetch keeps it 4 s: a
      // request sent on it in between fails before ClickHouse read it, so it is sent once more.
      // (Every statement here may run twice: reads, deletes, and inserts deduplicated by insert_id.)
      response = await post().catch((error: unknown) => {
        if (closedBeforeAnswer(error)) return post();
        throw error;
      });
      text = await response.text();
    } catch (error) {
      // A server that answers nothing is an outage (ADR 012), named as a socket time-out is.
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw Object.assign(new Error(`ClickHouse did not answer within ${this.timeoutMs} ms`, { cause: error }), { code: 'ETIMEDOUT' });
      }
      throw error;
    }
    if (!response.ok) {
      const code = /Code: (\d+)/.exec(text)?.[1];
      const failure = new ClickHouseError(text.trim().slice(0, 2000), code === undefined ? undefined : Number(code), response.status);
      // NOT_ENOUGH_SPACE: the disk under ClickHouse is full (ADR 012).
      if (failure.code === 243) throw new StorageFullError({ cause: failure });
      throw failure;
    }
    return text;
  }

  /** A statement without an answer (DDL, ALTER, INSERT … SELECT). */
  async command(sql: string): Promise<void> {
    await this.send(sql);
  }

  /** The rows of a SELECT, read as JSON objects. */
  async rows(sql: string): Promise<Row[]> {
    const text = await this.send(`${sql}\nFORMAT JSONEachRow`);
    const rows: Row[] = [];
    for (const line of text.split('\n')) if (line.length > 0) rows.push(JSON.parse(line) as Row);
    return rows;
  }

  /**
   * Inserts the rows in one request; resolves once ClickHouse answered 200, which it does after
   * the data parts are written (ADR 033).
   */
  async insert(table: string, rows: readonly Row[]): Promise<void> {
    if (rows.length === 0) return;
    let body = '';
    for (const row of rows) body += `${JSON.stringify(row)}\n`;
    await this.send(`INSERT INTO ${table} FORMAT JSONEachRow`, body);
  }
}
