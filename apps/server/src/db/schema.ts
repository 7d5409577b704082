import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

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

// ── Identity (DESIGN.md "Identity") ─────────────────────────────────────────────────────────────

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
