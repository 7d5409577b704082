import { and, desc, eq, sql } from 'drizzle-orm';
import type { LiveConfigSnapshot } from '@questboard/shared/live-config';
import type { Db } from '../../db/database';
import { identityUsers, liveDrafts, liveVersions } from '../../db/schema';

// The live-ops tables (ADR 021). Callers have checked that the project is the caller's (ADR 013);
// every query is by project id.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

export const emptySnapshot = (): LiveConfigSnapshot => ({ keys: [], events: [] });

export interface DraftRow {
  snapshot: LiveConfigSnapshot;
  updatedAt: Date | null;
  updatedByEmail: string | null;
}

export async function readDraft(db: Reader, projectId: string): Promise<DraftRow> {
  const [row] = await db
    .select({ snapshot: liveDrafts.snapshot, updatedAt: liveDrafts.updatedAt, updatedByEmail: identityUsers.email })
    .from(liveDrafts)
    .leftJoin(identityUsers, eq(identityUsers.id, liveDrafts.updatedBy))
    .where(eq(liveDrafts.projectId, projectId));
  if (!row) return { snapshot: emptySnapshot(), updatedAt: null, updatedByEmail: null };
  return { snapshot: row.snapshot as LiveConfigSnapshot, updatedAt: row.updatedAt, updatedByEmail: row.updatedByEmail };
}

/**
 * The draft, locked until the transaction ends so two edits of one project apply one after the
 * other instead of one overwriting the other. A project without a draft gets an empty one first.
 */
export async function lockDraft(tx: Tx, projectId: string, now: Date): Promise<LiveConfigSnapshot> {
  await tx.insert(liveDrafts).values({ projectId, snapshot: emptySnapshot(), updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select({ snapshot: liveDrafts.snapshot })
    .from(liveDrafts)
    .where(eq(liveDrafts.projectId, projectId))
    .for('update');
  if (!row) throw new Error('the draft row was not found after it was made');
  return row.snapshot as LiveConfigSnapshot;
}

export async function writeDraft(
  tx: Tx,
  projectId: string,
  snapshot: LiveConfigSnapshot,
  userId: string,
  now: Date,
): Promise<void> {
  await tx
    .update(liveDrafts)
    .set({ snapshot, updatedAt: now, updatedBy: userId })
    .where(eq(liveDrafts.projectId, projectId));
}

const versionColumns = {
  version: liveVersions.version,
  action: liveVersions.action,
  note: liveVersions.note,
  rolledBackTo: liveVersions.rolledBackTo,
  publishedBy: liveVersions.publishedBy,
  publishedByEmail: liveVersions.publishedByEmail,
  publishedAt: liveVersions.publishedAt,
};

export type VersionRow = { [K in keyof typeof versionColumns]: (typeof liveVersions.$inferSelect)[K] };

/** Every version, newest first, with the size of its snapshot (not the snapshot itself). */
export async function listVersions(db: Reader, projectId: string) {
  return db
    .select({
      ...versionColumns,
      keys: sql<number>`jsonb_array_length(${liveVersions.snapshot} -> 'keys')`.mapWith(Number),
      events: sql<number>`jsonb_array_length(${liveVersions.snapshot} -> 'events')`.mapWith(Number),
    })
    .from(liveVersions)
    .where(eq(liveVersions.projectId, projectId))
    .orderBy(desc(liveVersions.version));
}

export async function findVersion(db: Reader, projectId: string, version: number) {
  const [row] = await db
    .select({ ...versionColumns, snapshot: liveVersions.snapshot })
    .from(liveVersions)
    .where(and(eq(liveVersions.projectId, projectId), eq(liveVersions.version, version)));
  return row ? { ...row, snapshot: row.snapshot as LiveConfigSnapshot } : undefined;
}

/** The newest version: what players get. */
export async function latestVersion(db: Reader, projectId: string) {
  const [row] = await db
    .select({ version: liveVersions.version, snapshot: liveVersions.snapshot })
    .from(liveVersions)
    .where(eq(liveVersions.projectId, projectId))
    .orderBy(desc(liveVersions.version))
    .limit(1);
  return row ? { version: row.version, snapshot: row.snapshot as LiveConfigSnapshot } : undefined;
}

export interface NewVersion {
  snapshot: LiveConfigSnapshot;
  note: string;
  action: 'publish' | 'rollback';
  rolledBackTo: number | null;
  userId: string;
  email: string;
  now: Date;
}

/**
 * Writes the next version number. Called with the project's draft locked (`lockDraft`), which
 * orders publishes of one project, so the number cannot be taken twice; the primary key would
 * refuse it anyway.
 */
export async function insertVersion(tx: Tx, projectId: string, made: NewVersion): Promise<VersionRow> {
  const [last] = await tx
    .select({ version: sql<number>`coalesce(max(${liveVersions.version}), 0)`.mapWith(Number) })
    .from(liveVersions)
    .where(eq(liveVersions.projectId, projectId));
  const [row] = await tx
    .insert(liveVersions)
    .values({
      projectId,
      version: (last?.version ?? 0) + 1,
      snapshot: made.snapshot,
      note: made.note,
      action: made.action,
      rolledBackTo: made.rolledBackTo,
      publishedBy: made.userId,
      publishedByEmail: made.email,
      publishedAt: made.now,
    })
    .returning(versionColumns);
  if (!row) throw new Error('the new version was not returned');
  return row;
}
