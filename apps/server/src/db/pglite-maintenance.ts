import type { PGlite } from '@electric-sql/pglite';

// The tables autovacuum would see to with its default settings (vacuum past 50 dead rows + 20 %,
// or 1,000 inserted + 20 %; analyse past 50 changed + 10 %), and those never analysed (reltuples < 0:
// a fresh install, or one from before this existed).
const dueTables = `
  select format('%I.%I', s.schemaname, s.relname) as "table",
    s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
      or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) as "vacuum"
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where c.reltuples < 0
    or s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0)
    or s.n_dead_tup > 50 + 0.2 * greatest(c.reltuples, 0)
    or s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0)`;

export interface PgliteMaintenance {
  /** Vacuums and analyses the tables that are due now. */
  run(): Promise<void>;
  /** Stops the timer and waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * PGlite runs no autovacuum (ADR 009): without this its planner never learns how big a table is
 * (it then sorts 10,000 projects instead of walking an index) and dead rows are never reclaimed.
 * Runs once, then every `intervalMs` in the background.
 */
export async function startPgliteMaintenance(client: PGlite, intervalMs = 60_000): Promise<PgliteMaintenance> {
  const work = async () => {
    // This session's counts reach pg_stat_user_tables at most once a second; bring them up to date.
    await client.query('select pg_stat_force_next_flush()');
    const { rows } = await client.query<{ table: string; vacuum: boolean }>(dueTables);
    // One statement each: VACUUM refuses to run inside a transaction block.
    for (const { table, vacuum } of rows) await client.exec(vacuum ? `vacuum (analyze) ${table}` : `analyze ${table}`);
  };
  // Runs never overlap; a failed one does not stop the next.
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    const next = running.then(work);
    running = next.catch(() => undefined);
    return next;
  };
  await run();
  const timer = setInterval(() => {
    // Nothing to report to: a database that fails here fails the next request loudly anyway.
    run().catch(() => undefined);
  }, intervalMs);
  timer.unref();
  return {
    run,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
