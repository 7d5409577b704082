import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { acquireDataDirLock } from '../../db/data-dir-lock';
import { pgliteFolder } from '../../db/database';
import { ConfigError, parseConfig, type Config } from '../../config';
import { MigrateError } from './copy-accounts';
import { migrateAccounts, migrateEvents, type Say } from './migrate-steps';

const usage = `Usage: npm run migrate-store -- [--accounts] [--events] [--dry-run] [--resume]

Copies the embedded installation in DATA_DIR (stop its server first) to the stores a multi-process
installation uses (docs/migrate-store.md):
  --accounts  accounts, organisations, projects, live config, experiments and the signing keys
              → PostgreSQL at DATABASE_URL, which must be empty
  --events    every project's events → ClickHouse at CLICKHOUSE_URL, which must hold none of them
Without --accounts or --events, each part whose variable is set runs.
  --dry-run   says what would be copied and changes nothing
  --resume    finishes an events copy that stopped: complete projects are skipped, the others sent
              again (ClickHouse keeps one copy of each event)`;

class UsageError extends Error {}

export interface MigrateStoreIo extends Say {
  /** Errors (stderr). */
  err(line: string): void;
}

const processIo: MigrateStoreIo = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

interface Parts {
  accounts: boolean;
  events: boolean;
}

/** Which parts run: the flags given (each needs its variable), or without flags every part whose variable is set. */
export function chooseParts(flags: Partial<Parts>, env: { DATABASE_URL?: string | undefined; CLICKHOUSE_URL?: string | undefined }): Parts {
  const named = Boolean(flags.accounts) || Boolean(flags.events);
  if (named) {
    if (flags.accounts && !env.DATABASE_URL) throw new UsageError('--accounts copies to PostgreSQL: set DATABASE_URL (postgres://user:pass@host:5432/db).');
    if (flags.events && !env.CLICKHOUSE_URL) throw new UsageError('--events copies to ClickHouse: set CLICKHOUSE_URL (http://user:pass@host:8123/db).');
    return { accounts: Boolean(flags.accounts), events: Boolean(flags.events) };
  }
  const parts = { accounts: Boolean(env.DATABASE_URL), events: Boolean(env.CLICKHOUSE_URL) };
  if (!parts.accounts && !parts.events) {
    throw new UsageError(
      'Nothing to copy to: set DATABASE_URL (accounts → PostgreSQL) and/or CLICKHOUSE_URL (events → ClickHouse).',
    );
  }
  return parts;
}

/** Where the embedded installation keeps what each part copies. */
export function installationFiles(dataDir: string) {
  return { database: pgliteFolder(dataDir), events: path.join(dataDir, 'events', 'events.duckdb') };
}

/** Refuses a DATA_DIR that holds no installation, or not the part to copy. */
function checkInstallation(dataDir: string, parts: Parts) {
  const files = installationFiles(dataDir);
  const hasDatabase = fs.existsSync(path.join(files.database, 'PG_VERSION'));
  const hasEvents = fs.existsSync(files.events);
  if (!hasDatabase && !hasEvents) {
    throw new MigrateError(`DATA_DIR ${dataDir} holds no Questboard installation (no pglite database, no events/events.duckdb). Set DATA_DIR to the folder the server used.`);
  }
  if (parts.accounts && !hasDatabase) throw new MigrateError(`DATA_DIR ${dataDir} holds no embedded database (${files.database}): there are no accounts to copy.`);
  if (parts.events && !hasEvents) throw new MigrateError(`DATA_DIR ${dataDir} holds no event store (${files.events}): there are no events to copy.`);
}

/** `npm run migrate-store`: answers the exit code, 0 when everything asked for was copied (or, dry, checked). */
export async function runMigrateStoreCli(
  argv: readonly string[],
  rawEnv: Record<string, string | undefined>,
  io: MigrateStoreIo = processIo,
  cwd = process.cwd(),
): Promise<number> {
  try {
    let values;
    try {
      values = parseArgs({
        args: [...argv],
        options: {
          accounts: { type: 'boolean' },
          events: { type: 'boolean' },
          'dry-run': { type: 'boolean' },
          resume: { type: 'boolean' },
          help: { type: 'boolean' },
        },
      }).values;
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
    if (values.help) {
      io.out(usage);
      return 0;
    }
    // The variables are read as the server reads them (config.ts), a cluster's included (ADR 036).
    let config: Config;
    try {
      config = parseConfig(
        {
          DATA_DIR: rawEnv.DATA_DIR,
          DATABASE_URL: rawEnv.DATABASE_URL,
          CLICKHOUSE_URL: rawEnv.CLICKHOUSE_URL,
          CLICKHOUSE_CLUSTER: rawEnv.CLICKHOUSE_CLUSTER,
          CLICKHOUSE_NODE_URLS: rawEnv.CLICKHOUSE_NODE_URLS,
        },
        cwd,
      );
    } catch (error) {
      if (error instanceof ConfigError) throw new UsageError(error.lines.join('\n'));
      throw error;
    }
    const { clickhouse, databaseUrl } = config;
    const env = { DATABASE_URL: databaseUrl, CLICKHOUSE_URL: clickhouse?.url };
    const parts = chooseParts(values, env);
    if (values.resume && !parts.events) throw new UsageError('--resume finishes an events copy: it needs the events part (CLICKHOUSE_URL).');
    const { dataDir } = config;
    checkInstallation(dataDir, parts);
    let release: () => void;
    try {
      release = acquireDataDirLock(dataDir);
    } catch (error) {
      throw new MigrateError(`${error instanceof Error ? error.message : String(error)} migrate-store copies a stopped installation only.`);
    }
    try {
      const dryRun = Boolean(values['dry-run']);
      if (dryRun) io.out('Dry run: nothing is changed.');
      // chooseParts chose only the parts whose variable is set.
      if (parts.accounts && databaseUrl) await migrateAccounts({ dataDir, databaseUrl, dryRun, say: io });
      if (parts.events && clickhouse) {
        await migrateEvents({
          eventsFile: installationFiles(dataDir).events,
          clickhouse,
          dryRun,
          resume: Boolean(values.resume),
          say: io,
        });
      }
    } finally {
      release();
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\n${usage}`);
    else if (error instanceof MigrateError) io.err(`npm run migrate-store: ${error.message}`);
    else io.err(`npm run migrate-store failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  }
}
