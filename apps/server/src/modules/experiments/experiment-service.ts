import { EXPERIMENTS_OPEN_MAX, type Experiment, type ExperimentInput, type ExperimentList } from '@questboard/shared/experiments-api';
import { createExperimentSalt } from '@questboard/shared/experiments-assignment';
import { experimentErrorCodes as codes, experimentMessages as messages } from '@questboard/shared/experiments-errors';
import type { LiveExperiment } from '@questboard/shared/live-experiments';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../http-error';
import type { EventStore } from '../events/event-store';
import { latestVersion, lockDraft, publishSnapshot, writeDraft, type Editor } from '../live-ops/live-service';
import {
  allocateLayerRange,
  definitionProblem,
  keyConflict,
  layerWidth,
  overriddenKeys,
  overrideProblem,
  withDefaults,
} from './experiment-checks';
import {
  countOpen,
  deleteExperiment,
  findExperiment,
  insertExperiment,
  layerOf,
  listExperiments,
  lockExperiment,
  lockProjectExperiments,
  runningExperiments,
  updateExperiment,
  type ExperimentDefinition,
  type ExperimentRow,
  type Tx,
} from './experiment-store';

// The experiment lifecycle (ADR 029, docs/product/experiments.md#lifecycle): draft → running →
// stopped, and shipping a variant. Start, stop and ship run in one transaction that first locks the
// project's live draft row, so they and publishes of one project queue: the start checks see every
// other start, and shipping publishes in the same order as the live-ops page. Draft edits queue on
// a lock of the project's experiments alone.

const conflict = (code: string, message: string) => new HttpError(409, code, message);

export function toExperiment(row: ExperimentRow): Experiment {
  return {
    ...row.definition,
    key: row.key,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByEmail,
    updatedAt: row.updatedAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    stoppedAt: row.stoppedAt?.toISOString() ?? null,
    shippedVariant: row.shippedVariant,
  };
}

/** The definition as stored: the parsed input without its key, checked across fields. */
function definitionOf(input: ExperimentInput & { key: string }): ExperimentDefinition {
  const { key: _key, ...definition } = input;
  const problem = definitionProblem(input);
  if (problem !== null) throw new HttpError(400, codes.invalid, problem);
  return definition as ExperimentDefinition;
}

/** The experiment as the transaction left it. */
async function reread(tx: Tx, projectId: string, key: string): Promise<Experiment> {
  const row = await findExperiment(tx, projectId, key);
  if (!row) throw new Error(`the experiment ${key} was not found after it was written`);
  return toExperiment(row);
}

async function mustFind(tx: Tx, projectId: string, key: string): Promise<ExperimentRow> {
  const row = await lockExperiment(tx, projectId, key);
  if (!row) throw new HttpError(404, codes.notFound, messages.notFound(key));
  return row;
}

const shippedName = (variants: readonly { key: string; name: string }[], shipped: string | null) => {
  if (shipped === null) return null;
  const name = variants.find((variant) => variant.key === shipped)?.name.trim() ?? '';
  return name === '' ? shipped : name;
};

export async function experimentList(db: Db, events: EventStore, projectId: string): Promise<ExperimentList> {
  const rows = await listExperiments(db, projectId);
  // One query of the event store for every experiment of the project.
  const exposed = rows.length === 0 ? new Map<string, number>() : await events.exposedPlayers(projectId, rows.map((row) => row.key));
  return {
    experiments: rows.map((row) => ({
      key: row.key,
      hypothesis: row.definition.hypothesis,
      status: row.status,
      startedAt: row.startedAt?.toISOString() ?? null,
      stoppedAt: row.stoppedAt?.toISOString() ?? null,
      layer: row.definition.layer,
      shippedVariant: row.shippedVariant,
      updatedAt: row.updatedAt.toISOString(),
      variants: row.definition.variants.length,
      shippedVariantName: shippedName(row.definition.variants, row.shippedVariant),
      exposedPlayers: exposed.get(row.key) ?? 0,
    })),
  };
}

export async function experimentOf(db: Db, projectId: string, key: string): Promise<Experiment> {
  const row = await findExperiment(db, projectId, key);
  if (!row) throw new HttpError(404, codes.notFound, messages.notFound(key));
  return toExperiment(row);
}

export async function createExperiment(db: Db, projectId: string, input: ExperimentInput & { key: string }, editor: Editor, clock: Clock) {
  const definition = definitionOf(input);
  return db.transaction(async (tx) => {
    const now = clock.now();
    await lockProjectExperiments(tx, projectId);
    if ((await countOpen(tx, projectId)) >= EXPERIMENTS_OPEN_MAX) throw conflict(codes.limit, messages.tooMany);
    const made = await insertExperiment(tx, projectId, { key: input.key, definition, salt: createExperimentSalt(), ...editor, now });
    if (!made) throw conflict(codes.exists, messages.exists(input.key));
    return await reread(tx, projectId, input.key);
  });
}

/** PUT replaces a draft's whole definition; its key is the path's (a different one in the body is refused). */
export async function changeExperiment(db: Db, projectId: string, key: string, input: ExperimentInput & { key: string }, editor: Editor, clock: Clock) {
  if (input.key !== key) throw new HttpError(400, codes.invalid, messages.keyFixed(key));
  const definition = definitionOf(input);
  return db.transaction(async (tx) => {
    const now = clock.now();
    await lockProjectExperiments(tx, projectId);
    const row = await mustFind(tx, projectId, key);
    if (row.status !== 'draft') throw conflict(codes.status, messages.onlyDraftsChange(key, row.status));
    await updateExperiment(tx, row.id, { definition }, editor, now);
    return await reread(tx, projectId, key);
  });
}

export async function removeExperiment(db: Db, projectId: string, key: string) {
  await db.transaction(async (tx) => {
    await lockProjectExperiments(tx, projectId);
    const row = await mustFind(tx, projectId, key);
    if (row.status !== 'draft') throw conflict(codes.status, messages.onlyDraftsDeleted(key, row.status));
    await deleteExperiment(tx, row.id);
  });
}

/** Starts a draft, all or nothing: each check refuses with its own plain message (400 for the definition, 409 for the project's state). */
export async function startExperiment(db: Db, projectId: string, key: string, editor: Editor, clock: Clock) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    await lockDraft(tx, projectId, now);
    const row = await mustFind(tx, projectId, key);
    if (row.status !== 'draft') throw conflict(codes.status, messages.onlyDraftsStart(key, row.status));
    const published = await latestVersion(tx, projectId);
    if (!published) throw conflict(codes.nothingPublished, messages.nothingPublished);
    const problem = overrideProblem(row.definition, published.snapshot);
    if (problem !== null) throw new HttpError(400, codes.cannotStart, problem);
    const running = await runningExperiments(tx, projectId);
    const keys = overriddenKeys(row.definition);
    const clash = keyConflict(
      keys,
      row.definition.layer,
      running.map((other) => ({ key: other.key, layer: other.definition.layer, keys: overriddenKeys(other.definition) })),
    );
    if (clash) throw conflict(codes.cannotStart, messages.keyConflict(clash.keys, clash.other));
    let layer: { layerId: string; layerFrom: number; layerTo: number } | null = null;
    if (row.definition.layer !== null) {
      const name = row.definition.layer;
      const { id } = await layerOf(tx, projectId, name, createExperimentSalt(), now);
      const taken = running.flatMap((other) =>
        other.definition.layer === name && other.layerFrom !== null && other.layerTo !== null ? [{ from: other.layerFrom, to: other.layerTo }] : [],
      );
      const range = allocateLayerRange(layerWidth(row.definition.audiencePercentage), taken);
      if ('widestFree' in range) throw conflict(codes.cannotStart, messages.layerFull(name, range.widestFree / 100));
      layer = { layerId: id, layerFrom: range.from, layerTo: range.to };
    }
    await updateExperiment(tx, row.id, { status: 'running', startedAt: now, ...layer }, editor, now);
    return await reread(tx, projectId, key);
  });
}

/** Running → stopped; its layer range is freed (the row keeps the layer, the range goes). */
export async function stopExperiment(db: Db, projectId: string, key: string, editor: Editor, clock: Clock) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    await lockDraft(tx, projectId, now);
    const row = await mustFind(tx, projectId, key);
    if (row.status !== 'running') throw conflict(codes.status, messages.onlyRunningStop(key, row.status));
    await updateExperiment(tx, row.id, { status: 'stopped', stoppedAt: now, ...freedRange(row) }, editor, now);
    return await reread(tx, projectId, key);
  });
}

const freedRange = (row: ExperimentRow) => (row.layerFrom === null ? {} : { layerId: null, layerFrom: null, layerTo: null });

/**
 * Ships a variant, in one transaction: a new live config version whose keys' defaults are the
 * variant's overrides (through publishing's own checks, note "Shipped experiment K: variant V"),
 * the same defaults in the draft, the experiment stopped if it runs, and the variant recorded.
 */
export async function shipExperiment(db: Db, projectId: string, key: string, variant: string, editor: Editor, clock: Clock) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const draft = await lockDraft(tx, projectId, now);
    const row = await mustFind(tx, projectId, key);
    if (row.status === 'draft') throw conflict(codes.status, messages.draftNotShipped(key));
    if (row.shippedVariant !== null) throw conflict(codes.status, messages.alreadyShipped(key, row.shippedVariant));
    const shipped = row.definition.variants.find((candidate) => candidate.key === variant);
    if (!shipped) throw new HttpError(400, codes.invalid, messages.unknownVariant(key, variant));
    const published = await latestVersion(tx, projectId);
    if (!published) throw conflict(codes.nothingPublished, messages.nothingPublished);
    await publishSnapshot(tx, projectId, withDefaults(published.snapshot, shipped.overrides), editor, messages.shipNote(key, variant), now);
    await writeDraft(tx, projectId, withDefaults(draft, shipped.overrides), editor.userId, now);
    const stop = row.status === 'running' ? { status: 'stopped' as const, stoppedAt: now, ...freedRange(row) } : {};
    await updateExperiment(tx, row.id, { ...stop, shippedVariant: variant }, editor, now);
    return await reread(tx, projectId, key);
  });
}

/** The project's running experiments as delivery reads them (live-delivery-routes.ts). */
export async function deliveredExperiments(db: Db, projectId: string): Promise<LiveExperiment[]> {
  return (await runningExperiments(db, projectId)).map((row) => {
    const { layerSalt: salt, layerFrom: from, layerTo: to } = row;
    const layer = salt !== null && from !== null && to !== null ? { salt, from, to } : null;
    return {
      key: row.key,
      salt: row.salt,
      variants: row.definition.variants.map(({ key, weight, overrides }) => ({ key, weight, overrides })),
      // In a layer the range is the share: everyone in the range is in (ADR 029).
      audiencePercentage: layer ? 100 : row.definition.audiencePercentage,
      targeting: row.definition.targeting,
      layer,
    };
  });
}
