import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { experimentInputSchema, type Experiment, type ExperimentStatus } from '@questboard/shared/experiments-api';
import type { Db } from '../../db/database';
import { experimentLayers, experiments } from '../../db/schema';

// The experiments tables (ADR 029). Callers have checked that the project is the caller's (ADR 013);
// every query is by project id.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/** What an experiment's definition holds: the form's input without the key, as the schema wrote it. */
export type ExperimentDefinition = Omit<Experiment, 'key' | 'status' | 'createdAt' | 'createdBy' | 'updatedAt' | 'startedAt' | 'stoppedAt' | 'shippedVariant'>;

const columns = {
  id: experiments.id,
  key: experiments.key,
  definition: experiments.definition,
  status: experiments.status,
  salt: experiments.salt,
  createdByEmail: experiments.createdByEmail,
  createdAt: experiments.createdAt,
  updatedAt: experiments.updatedAt,
  startedAt: experiments.startedAt,
  stoppedAt: experiments.stoppedAt,
  shippedVariant: experiments.shippedVariant,
  layerFrom: experiments.layerFrom,
  layerTo: experiments.layerTo,
  layerSalt: experimentLayers.salt,
};

export interface ExperimentRow {
  id: string;
  key: string;
  definition: ExperimentDefinition;
  status: ExperimentStatus;
  salt: string;
  createdByEmail: string;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  stoppedAt: Date | null;
  shippedVariant: string | null;
  layerFrom: number | null;
  layerTo: number | null;
  layerSalt: string | null;
}

/** Stored definitions are read through the schema, so one written by an older version gets today's defaults. */
function toRow(row: Omit<ExperimentRow, 'definition'> & { definition: unknown }): ExperimentRow {
  const { key: _key, ...definition } = experimentInputSchema.parse({ ...(row.definition as object), key: row.key });
  return { ...row, definition };
}

function select(db: Reader) {
  return db.select(columns).from(experiments).leftJoin(experimentLayers, eq(experimentLayers.id, experiments.layerId));
}

export async function findExperiment(db: Reader, projectId: string, key: string): Promise<ExperimentRow | undefined> {
  const [row] = await select(db).where(and(eq(experiments.projectId, projectId), eq(experiments.key, key)));
  return row ? toRow(row) : undefined;
}

/** The experiment, locked until the transaction ends (its project's live draft is locked first by the caller). */
export async function lockExperiment(tx: Tx, projectId: string, key: string): Promise<ExperimentRow | undefined> {
  const [locked] = await tx
    .select({ id: experiments.id })
    .from(experiments)
    .where(and(eq(experiments.projectId, projectId), eq(experiments.key, key)))
    .for('update');
  return locked ? findExperiment(tx, projectId, key) : undefined;
}

export async function listExperiments(db: Reader, projectId: string): Promise<ExperimentRow[]> {
  const rows = await select(db).where(eq(experiments.projectId, projectId)).orderBy(asc(experiments.createdAt), asc(experiments.key));
  return rows.map(toRow);
}

/** The running experiments of a project, by key: what delivery serves. */
export async function runningExperiments(db: Reader, projectId: string): Promise<ExperimentRow[]> {
  const rows = await select(db)
    .where(and(eq(experiments.projectId, projectId), eq(experiments.status, 'running')))
    .orderBy(asc(experiments.key));
  return rows.map(toRow);
}

/**
 * Orders the draft edits of one project's experiments (create, change, delete) until the
 * transaction ends, so the open limit is exact, without touching the live config's draft.
 */
export async function lockProjectExperiments(tx: Tx, projectId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`experiments:${projectId}`}, 0))`);
}

/** Drafts and running experiments: those the open limit counts. */
export async function countOpen(db: Reader, projectId: string): Promise<number> {
  const [row] = await db
    .select({ open: sql<number>`count(*)`.mapWith(Number) })
    .from(experiments)
    .where(and(eq(experiments.projectId, projectId), inArray(experiments.status, ['draft', 'running'])));
  return row?.open ?? 0;
}

export interface NewExperiment {
  key: string;
  definition: ExperimentDefinition;
  salt: string;
  userId: string;
  email: string;
  now: Date;
}

/** Inserts a draft; false when the project already has an experiment with the key. */
export async function insertExperiment(tx: Tx, projectId: string, made: NewExperiment): Promise<boolean> {
  const inserted = await tx
    .insert(experiments)
    .values({
      projectId,
      key: made.key,
      definition: made.definition,
      status: 'draft',
      salt: made.salt,
      createdBy: made.userId,
      createdByEmail: made.email,
      createdAt: made.now,
      updatedBy: made.userId,
      updatedByEmail: made.email,
      updatedAt: made.now,
    })
    .onConflictDoNothing()
    .returning({ id: experiments.id });
  return inserted.length === 1;
}

export type ExperimentChange = Partial<{
  definition: ExperimentDefinition;
  status: ExperimentStatus;
  startedAt: Date;
  stoppedAt: Date;
  shippedVariant: string;
  layerId: string | null;
  layerFrom: number | null;
  layerTo: number | null;
}>;

export async function updateExperiment(tx: Tx, id: string, change: ExperimentChange, editor: { userId: string; email: string }, now: Date) {
  await tx
    .update(experiments)
    .set({ ...change, updatedBy: editor.userId, updatedByEmail: editor.email, updatedAt: now })
    .where(eq(experiments.id, id));
}

export async function deleteExperiment(tx: Tx, id: string) {
  await tx.delete(experiments).where(eq(experiments.id, id));
}

/** The project's layer of that name, made (with its salt, once) on first use. */
export async function layerOf(tx: Tx, projectId: string, name: string, salt: string, now: Date) {
  await tx.insert(experimentLayers).values({ projectId, name, salt, createdAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({ id: experimentLayers.id, salt: experimentLayers.salt })
    .from(experimentLayers)
    .where(and(eq(experimentLayers.projectId, projectId), eq(experimentLayers.name, name)));
  if (!row) throw new Error('the layer row was not found after it was made');
  return row;
}
