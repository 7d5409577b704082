import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, projects } from './schema';
// ── Experiments (issue 16, ADR 029) ─────────────────────────────────────────────────────────────

/**
 * A project's layers: experiments sharing one are mutually exclusive, each taking a range of the
 * layer's 10,000 buckets hashed with the layer's salt (made once, when the first experiment of the
 * layer starts, and never changed).
 */
export const experimentLayers = pgTable(
  'experiment_layers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    salt: text('salt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [uniqueIndex('experiment_layers_project_name_key').on(table.projectId, table.name)],
);

/**
 * An experiment: its definition as the form sends it (`ExperimentInput` without the key), its
 * status, the salt made once at creation, and, while it runs in a layer, its range of the layer's
 * buckets. Starting and stopping change what players get, so they bump the cache version (ADR 019).
 */
export const experiments = pgTable(
  'experiments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    definition: jsonb('definition').$type<unknown>().notNull(),
    /** 'draft' | 'running' | 'stopped'. */
    status: text('status').$type<'draft' | 'running' | 'stopped'>().notNull(),
    salt: text('salt').notNull(),
    createdBy: uuid('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdByEmail: text('created_by_email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedBy: uuid('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
    updatedByEmail: text('updated_by_email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true, mode: 'date' }),
    shippedVariant: text('shipped_variant'),
    layerId: uuid('layer_id').references(() => experimentLayers.id),
    /** The range [from, to) of the layer's buckets, held while it runs. */
    layerFrom: integer('layer_from'),
    layerTo: integer('layer_to'),
  },
  (table) => [
    uniqueIndex('experiments_project_key_key').on(table.projectId, table.key),
    index('experiments_project_status_idx').on(table.projectId, table.status),
    check('experiments_status_check', sql`${table.status} in ('draft', 'running', 'stopped')`),
    check(
      'experiments_layer_range_check',
      sql`(${table.layerId} is null and ${table.layerFrom} is null and ${table.layerTo} is null) or (${table.layerId} is not null and 0 <= ${table.layerFrom} and ${table.layerFrom} < ${table.layerTo} and ${table.layerTo} <= 10000)`,
    ),
  ],
);
