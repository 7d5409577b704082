import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { organisations, projects } from './schema';

// State that several server processes on one PostgreSQL share (ADR 032). With PGlite (one process,
// ADR 001) the tables exist but stay empty: keys stay in DATA_DIR, counters and loads in memory.

/**
 * ES256 signing keys: the newest unretired one signs, retired ones stay published for a day. The
 * private key is a JWK as `DATA_DIR/keys/signing-keys.json` holds it; it is protected by the
 * database's access control, like everything else the product keeps there (ADR 032).
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true, mode: 'date' }),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
});

/**
 * Fixed-window rate-limit counters shared by every process: one row per limiter and key (a SHA-256
 * of the address or e-mail, never the value itself), its window's start in epoch milliseconds and
 * the hits counted in it.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    limiter: text('limiter').notNull(),
    keyHash: text('key_hash').notNull(),
    startedAt: bigint('started_at', { mode: 'number' }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.limiter, table.keyHash] }), index('rate_limit_windows_started_at_idx').on(table.limiter, table.startedAt)],
);

/**
 * A project's demo load, whichever process runs it: its progress is written while it runs
 * (`heartbeatAt`), so a load whose process died reads as failed rather than running forever.
 */
export const demoLoads = pgTable('demo_loads', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  /** Which start this row records: a process whose load was taken over stops it at its next heartbeat. */
  loadId: uuid('load_id').notNull(),
  /** 'running' | 'done' | 'failed'. */
  state: text('state').$type<'running' | 'done' | 'failed'>().notNull(),
  players: integer('players').notNull(),
  sentEvents: integer('sent_events').notNull(),
  error: text('error'),
  /** Set by a process asked to remove the demo data; the process running the load stops it. */
  stopRequested: timestamp('stop_requested', { withTimezone: true, mode: 'date' }),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/**
 * Events an organisation with a monthly quota received this UTC month, counted once from the event
 * store and then kept here by every process's reservations (ADR 032).
 */
export const quotaUsage = pgTable(
  'quota_usage',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    monthStart: timestamp('month_start', { withTimezone: true, mode: 'date' }).notNull(),
    used: bigint('used', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.monthStart] })],
);

/**
 * The server processes running now: each writes `seen_at` every few seconds. Per-second limits on
 * the hot paths are split between the processes seen lately instead of counted in the database.
 * `local_token_hash` is the SHA-256 of the process's DATA_DIR/local-admin-token, so `npm run demo`
 * on that process's machine is answered by whichever process the load balancer picks.
 */
export const serverInstances = pgTable('server_instances', {
  id: uuid('id').primaryKey(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  localTokenHash: text('local_token_hash'),
});
