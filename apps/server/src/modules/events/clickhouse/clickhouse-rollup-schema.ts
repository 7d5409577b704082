// The ClickHouse rollups' tables (ADR 037), in SQL that ClickHouse 18.16 and current releases both
// run. Each rollup row carries the `generation` of the refresh that wrote it; `rollup_state` says,
// per project and day, which generation is current, so a read never sees a day half rewritten and
// a superseded generation is invisible until it is deleted.

/** The rollup tables, by their name in the database (on a cluster, the Distributed table's). */
export const ROLLUP_TABLES = {
  state: 'rollup_state',
  userDays: 'rollup_user_days',
  purchases: 'rollup_purchases',
  nameDays: 'rollup_name_days',
  sessions: 'rollup_sessions',
} as const;

export type RollupTable = (typeof ROLLUP_TABLES)[keyof typeof ROLLUP_TABLES];

const attributes = ['platform Nullable(String)', 'country Nullable(String)', 'app_version Nullable(String)'];

/** Each table's columns, in the order the refresh writes them. */
const COLUMNS: Record<RollupTable, string[]> = {
  // Per project, kind ('days': the day tables; 'sessions': the sessions starting that day) and day:
  // the current generation and, for 'days', the day's events as they were when it was computed.
  rollup_state: [
    'project_id String',
    'kind String',
    'day Date',
    'generation UInt64',
    'events UInt64',
    'keeps String',
    'received Int64',
  ],
  // A player's events of a day, per platform, country and version: their number, the first one in
  // event order (time, receipt, insert_id: the install's rule) and the last one's time.
  rollup_user_days: [
    'project_id String',
    'generation UInt64',
    'day Date',
    'user_id String',
    ...attributes,
    'events UInt64',
    'first_ms Int64',
    'first_received_ms Int64',
    'first_insert_id String',
    'last_ms Int64',
  ],
  // A player's purchases (revenue_amount > 0) of a day per currency and product, as sent: revenue
  // converts at read time with the project's rates.
  rollup_purchases: [
    'project_id String',
    'generation UInt64',
    'day Date',
    'user_id String',
    ...attributes,
    'currency Nullable(String)',
    'product_id Nullable(String)',
    'amount Float64',
    'transactions UInt64',
  ],
  // A player's events of a day by name: their number, the latest time and the property keys sent.
  rollup_name_days: [
    'project_id String',
    'generation UInt64',
    'day Date',
    'name String',
    'user_id String',
    ...attributes,
    'events UInt64',
    'last_ms Int64',
    'property_keys Array(String)',
  ],
  // Sessions (docs/product/metrics.md#sessions) by the day they start.
  rollup_sessions: [
    'project_id String',
    'generation UInt64',
    'day Date',
    'user_id String',
    'session_id Nullable(String)',
    'start_ms Int64',
    'end_ms Int64',
    'events UInt64',
    ...attributes,
  ],
};

/** The column names of a table, in writing order. */
export function rollupColumnNames(table: RollupTable): string[] {
  return COLUMNS[table].map((column) => column.split(' ')[0] ?? '');
}

function engineSql(table: RollupTable): string {
  if (table === ROLLUP_TABLES.state) return 'ReplacingMergeTree(generation) ORDER BY (project_id, kind, day)';
  // Plain MergeTree: a superseded generation stays until deleted (clickhouse-rollups.ts), so a read
  // of the current one is never missing rows a merge replaced.
  return 'MergeTree PARTITION BY toYYYYMM(day) ORDER BY (project_id, day, user_id)';
}

/** The table `table` as `as` (its own name, or the local table's on a cluster node). */
export function createRollupTableSql(table: RollupTable, as: string = table): string {
  return `CREATE TABLE IF NOT EXISTS ${as} (\n  ${COLUMNS[table].join(',\n  ')}\n) ENGINE = ${engineSql(table)}`;
}

/** A Distributed table over `cluster`'s copies of `local`, a project's rows all on one shard. */
export function createDistributedRollupSql(table: RollupTable, cluster: string, database: string, local: string): string {
  return `CREATE TABLE IF NOT EXISTS ${table} (\n  ${COLUMNS[table].join(',\n  ')}\n) ENGINE = Distributed(${cluster}, ${database}, ${local}, cityHash64(project_id))`;
}

/** What a rollup's local table on a cluster node adds to its name. */
export const LOCAL_ROLLUP_SUFFIX = '_local';

/** The local table's name on a cluster node. */
export const localRollupTable = (table: RollupTable): string => `${table}${LOCAL_ROLLUP_SUFFIX}`;
