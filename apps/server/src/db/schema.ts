import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ChartType } from '@questboard/shared/analytics-explore';
import type { PinnedQuery } from '@questboard/shared/analytics-dashboard';
import type { InvitationStatus } from '@questboard/shared/invitations';
import { DEFAULT_REPORTING_CURRENCY } from '@questboard/shared/money';
import type { OrganisationRole } from '@questboard/shared/organisations';

/**
 * One row describing this installation: created on first start, kept across restarts. Support and
 * the help page identify an installation by it; the restart test proves persistence with it.
 */
export const installation = pgTable(
  'installation',
  {
    singleton: boolean('singleton').primaryKey().default(true),
    instanceId: uuid('instance_id').notNull().defaultRandom(),
    installedAt: timestamp('installed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [check('installation_singleton', sql`${table.singleton}`)],
);

// ── Identity (docs/product/identity.md) ─────────────────────────────────────────────────────────────

/** A person who can sign in. `id` is the `sub` of their ID tokens (the spec's `uid`). */
export const identityUsers = pgTable(
  'identity_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Normalised: trimmed and lower-cased. */
    email: text('email').notNull(),
    emailVerified: boolean('email_verified').notNull().default(false),
    displayName: text('display_name'),
    photoUrl: text('photo_url'),
    googleSubject: text('google_subject'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('identity_users_email_key').on(table.email), uniqueIndex('identity_users_google_subject_key').on(table.googleSubject)],
);

/** An e-mailed sign-in link. Only the SHA-256 of its secret is kept. */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secretHash: text('secret_hash').notNull(),
    email: text('email').notNull(),
    redirectTo: text('redirect_to'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (table) => [uniqueIndex('sign_in_links_secret_hash_key').on(table.secretHash), index('sign_in_links_email_idx').on(table.email)],
);

/**
 * Rotating refresh tokens. Every sign-in starts a family; each use replaces the token with a new
 * one in the same family. Presenting a replaced token (outside a short grace window) is reuse:
 * the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => identityUsers.id, { onDelete: 'cascade' }),
    signInProvider: text('sign_in_provider').notNull(),
    authTime: timestamp('auth_time', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Idle expiry: this token must be used before then. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Absolute expiry of the whole family. */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

/** One Google authorization request in flight: PKCE verifier, state and nonce, used once. */
export const googleAuthRequests = pgTable(
  'google_auth_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull(),
    /** Hash of a random value in an HttpOnly cookie of the browser that started the flow. */
    browserBindingHash: text('browser_binding_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectTo: text('redirect_to'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [uniqueIndex('google_auth_requests_state_hash_key').on(table.stateHash)],
);

// ── Accounts and organisations (issue 5) ────────────────────────────────────────────────────────

/** The product's account of an identity user: its name and whether it may use the product. */
export const accounts = pgTable('accounts', {
  id: uuid('id')
    .primaryKey()
    .references(() => identityUsers.id, { onDelete: 'cascade' }),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** `${firstName} ${lastName}` once both are set. */
  name: text('name'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
});

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** Events the organisation may ingest per UTC calendar month; null: no limit (issue 9, set by an owner). */
  monthlyEventQuota: integer('monthly_event_quota'),
});

/**
 * Who belongs to which organisation, with which role ('owner' | 'admin' | 'member'). A user belongs
 * to at most one organisation: the ID token carries a single org_id.
 */
export const memberships = pgTable(
  'memberships',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    role: text('role').$type<OrganisationRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organisationId, table.userId] }),
    uniqueIndex('memberships_user_key').on(table.userId),
    index('memberships_organisation_idx').on(table.organisationId),
    check('memberships_role_check', sql`${table.role} in ('owner', 'admin', 'member')`),
  ],
);

/**
 * An invitation of an address into an organisation. Only the SHA-256 of its code is kept; the code
 * travels in the e-mail. Status 'PENDING' | 'ACCEPTED' | 'DECLINED' | 'CREATE_OWN' | 'REVOKED';
 * a PENDING one past `expires_at` is reported as EXPIRED.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** Normalised: trimmed and lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<OrganisationRole>().notNull(),
    codeHash: text('code_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => accounts.id, { onDelete: 'set null' }),
    status: text('status').$type<Exclude<InvitationStatus, 'EXPIRED'>>().notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    respondedBy: uuid('responded_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('invitations_code_hash_key').on(table.codeHash),
    index('invitations_organisation_status_idx').on(table.organisationId, table.status),
    index('invitations_email_status_idx').on(table.email, table.status),
    // One open invitation per address and organisation, even when two admins invite at once.
    uniqueIndex('invitations_pending_key').on(table.organisationId, table.email).where(sql`${table.status} = 'PENDING'`),
    check('invitations_role_check', sql`${table.role} in ('owner', 'admin', 'member')`),
    check('invitations_status_check', sql`${table.status} in ('PENDING', 'ACCEPTED', 'DECLINED', 'CREATE_OWN', 'REVOKED')`),
  ],
);

// ── Projects (issue 6) ──────────────────────────────────────────────────────────────────────────

/**
 * A game project of an organisation. `identifier` is generated from the name, unique across the
 * installation (it is the browser address `/project/{identifier}`) and never changes. Everything a
 * project owns references it with ON DELETE CASCADE, so deleting the row deletes its data.
 */
export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    identifier: text('identifier').notNull(),
    /** Events older than this many days are deleted and refused; null keeps them all (issue 9). */
    eventRetentionDays: integer('event_retention_days'),
    /** Every revenue figure is in this ISO 4217 currency (issue 21, ADR 011). */
    reportingCurrency: text('reporting_currency').notNull().default(DEFAULT_REPORTING_CURRENCY),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** lower(name), kept on write: the name sort's key, read rather than computed for each row (ADR 009). */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${projects.name})`),
    /**
     * What search looks in, lower-cased once on write rather than on every search (ADR 009). U+001F
     * separates the parts: a search term never contains it, so no match can span two of them.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`lower(${projects.name} || E'\\x1f' || ${projects.description} || E'\\x1f' || ${projects.identifier})`,
      ),
  },
  (table) => [
    uniqueIndex('projects_identifier_key').on(table.identifier),
    // One index per sort of the project list, each scoped to the organisation and ending in the tie-breaker.
    index('projects_organisation_name_idx').on(table.organisationId, table.nameKey, table.id),
    index('projects_organisation_created_idx').on(table.organisationId, table.createdAt, table.id),
    index('projects_organisation_updated_idx').on(table.organisationId, table.updatedAt, table.id),
    // Trigrams let `search_text LIKE '%term%'` skip the rows that cannot contain the term.
    index('projects_search_text_idx').using('gin', table.searchText.op('gin_trgm_ops')),
  ],
);

// ── Ingestion (issue 7) ─────────────────────────────────────────────────────────────────────────

/**
 * The keys games send events with (X-Ingest-Key). They are write-only and ship inside game builds,
 * like GameAnalytics' game keys or PostHog's project keys, so the key itself is kept and shown on
 * the developer page (ADR 008). Revoking is immediate: every request looks its key up.
 */
export const ingestKeys = pgTable(
  'ingest_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    /** 'standard' | 'demo': events sent with a demo key are stored as demo data. */
    kind: text('kind').$type<'standard' | 'demo'>().notNull().default('standard'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    uniqueIndex('ingest_keys_key_key').on(table.key),
    index('ingest_keys_project_idx').on(table.projectId, table.createdAt),
    check('ingest_keys_kind_check', sql`${table.kind} in ('standard', 'demo')`),
  ],
);

/**
 * Charts pinned to a project's dashboard from the explorer (issue 8), in the order the user set:
 * `position` is rewritten whole on each re-order. The query is the explorer's, without a date range.
 */
export const dashboardCharts = pgTable(
  'dashboard_charts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    chartType: text('chart_type').$type<ChartType>().notNull(),
    query: jsonb('query').$type<PinnedQuery>().notNull(),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('dashboard_charts_project_idx').on(table.projectId, table.position),
    check('dashboard_charts_type_check', sql`${table.chartType} in ('line', 'bar', 'table')`),
  ],
);

/**
 * A project's exchange rates (issue 21, ADR 011): 1 unit of `currency` = `rate` units of the
 * project's reporting currency. Changing the reporting currency deletes them all.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    rate: doublePrecision('rate').notNull(),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.currency] }),
    check('exchange_rates_rate_check', sql`${table.rate} > 0 and ${table.rate} < 'Infinity'::float8`),
    check('exchange_rates_currency_check', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

// ── Live operations (issue 15, ADR 021) ─────────────────────────────────────────────────────────

/**
 * A project's draft of its live config: keys with their rules, and live events, as one snapshot
 * (`LiveConfigSnapshot`). Edits rewrite it in a transaction; players never see it until a publish.
 */
export const liveDrafts = pgTable('live_drafts', {
  projectId: uuid('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  snapshot: jsonb('snapshot').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  updatedBy: uuid('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
});

/**
 * Published versions of a project's live config, immutable: 1, 2, … per project. Each publish and
 * each rollback (a new version holding an older one's snapshot) is one row, which is also the audit
 * list. The author's address is kept as it was, so the audit outlives a removed member.
 */
export const liveVersions = pgTable(
  'live_versions',
  {
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    snapshot: jsonb('snapshot').$type<unknown>().notNull(),
    note: text('note').notNull(),
    /** 'publish' | 'rollback'. */
    action: text('action').$type<'publish' | 'rollback'>().notNull(),
    /** The version whose snapshot a rollback published again. */
    rolledBackTo: integer('rolled_back_to'),
    publishedBy: uuid('published_by').references(() => accounts.id, { onDelete: 'set null' }),
    publishedByEmail: text('published_by_email').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.projectId, table.version] }),
    check('live_versions_version_check', sql`${table.version} > 0`),
    check('live_versions_action_check', sql`${table.action} in ('publish', 'rollback')`),
  ],
);


// Experiments (issue 16, ADR 029): in their own file, beside the tables they refer to.
export * from './schema-experiments';

// Shared state of several server processes on one PostgreSQL (ADR 032).
export * from './schema-instances';
