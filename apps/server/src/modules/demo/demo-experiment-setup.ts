import { and, asc, eq } from 'drizzle-orm';
import { experimentInputSchema } from '@questboard/shared/experiments-api';
import type { LiveConfigSnapshot } from '@questboard/shared/live-config';
import type { Db } from '../../db/database';
import { identityUsers, memberships, projects } from '../../db/schema';
import { findExperiment, insertExperiment, updateExperiment } from '../experiments/experiment-store';
import { latestVersion, lockDraft, writeDraft } from '../live-ops/live-store';
import { publishSnapshot, type Editor } from '../live-ops/live-service';
import {
  DEMO_EXPERIMENT_CONFIG_DEFAULT,
  DEMO_EXPERIMENT_CONFIG_KEY,
  DEMO_EXPERIMENT_SALT,
  demoExperiment,
  demoExperimentStartedAt,
} from './demo-experiment';

// The record of the demo's running experiment (issue 16, ADR 030): the demo data assigns its players
// with the salt and start of demo-experiment.ts, so the experiment the project shows must have the
// same. Made beside a demo load, once: a project whose live config or experiments already hold
// something of the studio's own is left alone.

const DEMO_KEY = {
  name: DEMO_EXPERIMENT_CONFIG_KEY,
  type: 'string' as const,
  defaultValue: DEMO_EXPERIMENT_CONFIG_DEFAULT,
  description: 'Demo data: how hard the first levels are (the faster-first-levels experiment)',
  rules: [],
};

/** Who a load from `npm run demo` acts for: the project's organisation's first owner. */
export async function demoEditorOf(db: Db, projectId: string): Promise<Editor | null> {
  const [owner] = await db
    .select({ userId: memberships.userId, email: identityUsers.email })
    .from(projects)
    .innerJoin(memberships, and(eq(memberships.organisationId, projects.organisationId), eq(memberships.role, 'owner')))
    .innerJoin(identityUsers, eq(identityUsers.id, memberships.userId))
    .where(eq(projects.id, projectId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  return owner ?? null;
}

/**
 * Publishes `levels.difficulty` if nothing is published yet (draft and version alike) and records
 * the running experiment `faster-first-levels`, started where the demo data for `end` starts it.
 * Answers whether the experiment is there afterwards. All or nothing, in one transaction.
 */
export async function setUpDemoExperiment(db: Db, projectId: string, end: Date, editor: Editor, now: Date): Promise<boolean> {
  const { key, ...input } = experimentInputSchema.parse(demoExperiment);
  return db.transaction(async (tx) => {
    const draft = await lockDraft(tx, projectId, now);
    if (await findExperiment(tx, projectId, key)) return true;
    const published = await latestVersion(tx, projectId);
    if (!published) {
      // Only into a live config nobody has touched: a studio's own draft is never published by a demo.
      if (draft.keys.length > 0 || draft.events.length > 0) return false;
      const snapshot: LiveConfigSnapshot = { keys: [DEMO_KEY], events: [] };
      await publishSnapshot(tx, projectId, snapshot, editor, 'Demo data: the key of the faster-first-levels experiment', now);
      await writeDraft(tx, projectId, snapshot, editor.userId, now);
    } else if (!published.snapshot.keys.some((candidate) => candidate.name === DEMO_EXPERIMENT_CONFIG_KEY)) {
      return false;
    }
    const inserted = await insertExperiment(tx, projectId, { key, definition: input, salt: DEMO_EXPERIMENT_SALT, ...editor, now });
    const row = inserted ? await findExperiment(tx, projectId, key) : undefined;
    if (!row) return false;
    await updateExperiment(tx, row.id, { status: 'running', startedAt: demoExperimentStartedAt(end) }, editor, now);
    return true;
  });
}
