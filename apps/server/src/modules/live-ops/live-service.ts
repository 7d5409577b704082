import { validateLiveConfig, type LiveConfigSnapshot } from '@questboard/shared/live-config';
import { evaluateLiveConfig } from '@questboard/shared/live-evaluate';
import { canonicalJson, diffLiveConfig } from '@questboard/shared/live-diff';
import {
  liveErrorCodes,
  liveMessages,
  type LiveDiff,
  type LiveDraft,
  type LivePreview,
  type LivePreviewBody,
} from '@questboard/shared/live-api';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { HttpError } from '../../http-error';
import { checkSnapshotSize, liveErrors } from './live-draft-edits';
import {
  findVersion,
  insertVersion,
  latestVersion,
  listVersions,
  lockDraft,
  readDraft,
  writeDraft,
  type Tx,
  type VersionRow,
} from './live-store';

// Drafts, publishing, versions, rollback and preview (issue 15, ADR 021). Every write is one
// transaction with the project's draft row locked, so publishes and edits of a project queue.

/**
 * The pieces of a live-ops transaction other modules compose (experiments, ADR 029): lock the
 * project's draft (which orders every live write of the project), read the published version,
 * write the draft. With `publishSnapshot` below.
 */
export { latestVersion, lockDraft, writeDraft } from './live-store';

export interface Editor {
  userId: string;
  email: string;
}

/** A refused publish: 400 with every problem of the draft, so the editor can fix them in one go. */
export class LiveConfigInvalid extends HttpError {
  constructor(readonly problems: readonly { path: string; message: string }[]) {
    super(400, liveErrorCodes.invalidConfig, liveMessages.publishRefused(problems.length));
  }
}

/** Every problem of a snapshot as `{ path, message }`, the API's issue shape. */
export function problemsOf(snapshot: LiveConfigSnapshot): { path: string; message: string }[] {
  return validateLiveConfig(snapshot).map((problem) =>
    typeof problem === 'string' ? { path: 'config', message: problem } : problem,
  );
}

export function toSummary(row: VersionRow & { keys: number; events: number }) {
  return {
    version: row.version,
    action: row.action,
    note: row.note,
    rolledBackTo: row.rolledBackTo,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedByEmail,
    keys: row.keys,
    events: row.events,
  };
}

export async function draftOf(db: Db, projectId: string, clock: Clock): Promise<LiveDraft> {
  const [draft, current] = await Promise.all([readDraft(db, projectId), latestVersion(db, projectId)]);
  return {
    ...draft.snapshot,
    updatedAt: draft.updatedAt?.toISOString() ?? null,
    updatedBy: draft.updatedByEmail,
    publishedVersion: current?.version ?? 0,
    unpublishedChanges: canonicalJson(draft.snapshot) !== canonicalJson(current?.snapshot ?? { keys: [], events: [] }),
    now: clock.now().toISOString(),
  };
}

/** Applies one edit to the locked draft and writes it back; `edit` throws to refuse, leaving it as it was. */
export async function editDraft<T>(
  db: Db,
  projectId: string,
  editor: Editor,
  clock: Clock,
  edit: (
    draft: LiveConfigSnapshot,
    published: LiveConfigSnapshot | undefined,
  ) => { snapshot: LiveConfigSnapshot; answer: T },
): Promise<T> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const draft = await lockDraft(tx, projectId, now);
    const { snapshot, answer } = edit(draft, (await latestVersion(tx, projectId))?.snapshot);
    checkSnapshotSize(snapshot);
    await writeDraft(tx, projectId, snapshot, editor.userId, now);
    return answer;
  });
}

/**
 * Validates a snapshot (all problems at once) and freezes it as the next version. The caller holds
 * the project's draft lock (`lockDraft`): a publish, and shipping an experiment (ADR 029).
 */
export async function publishSnapshot(tx: Tx, projectId: string, snapshot: LiveConfigSnapshot, editor: Editor, note: string, now: Date) {
  const problems = problemsOf(snapshot);
  if (problems.length > 0) throw new LiveConfigInvalid(problems);
  checkSnapshotSize(snapshot);
  const row = await insertVersion(tx, projectId, {
    snapshot,
    note,
    action: 'publish',
    rolledBackTo: null,
    userId: editor.userId,
    email: editor.email,
    now,
  });
  return toSummary({ ...row, keys: snapshot.keys.length, events: snapshot.events.length });
}

/** Validates the whole draft (all problems at once) and freezes it as the next version. */
export async function publish(db: Db, projectId: string, editor: Editor, note: string, clock: Clock) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const draft = await lockDraft(tx, projectId, now);
    return publishSnapshot(tx, projectId, draft, editor, note, now);
  });
}

/** Publishes version N's snapshot again as a new version, and resets the draft to it. */
export async function rollback(db: Db, projectId: string, editor: Editor, target: number, clock: Clock) {
  return db.transaction(async (tx) => {
    const now = clock.now();
    await lockDraft(tx, projectId, now);
    const old = await findVersion(tx, projectId, target);
    if (!old) throw liveErrors.versionNotFound(target);
    const note = liveMessages.rollbackNote(target);
    const row = await insertVersion(tx, projectId, {
      snapshot: old.snapshot,
      note,
      action: 'rollback',
      rolledBackTo: target,
      userId: editor.userId,
      email: editor.email,
      now,
    });
    await writeDraft(tx, projectId, old.snapshot, editor.userId, now);
    return toSummary({ ...row, keys: old.snapshot.keys.length, events: old.snapshot.events.length });
  });
}

export async function versionsOf(db: Db, projectId: string) {
  const rows = await listVersions(db, projectId);
  return { current: rows[0]?.version ?? 0, versions: rows.map(toSummary) };
}

export async function versionOf(db: Db, projectId: string, version: number) {
  const row = await findVersion(db, projectId, version);
  if (!row) throw liveErrors.versionNotFound(version);
  return {
    ...toSummary({ ...row, keys: row.snapshot.keys.length, events: row.snapshot.events.length }),
    snapshot: row.snapshot,
  };
}

/** Version `from` against the current version, or against the draft. */
export async function diffOf(db: Db, projectId: string, from: number, against: 'current' | 'draft'): Promise<LiveDiff> {
  const old = await findVersion(db, projectId, from);
  if (!old) throw liveErrors.versionNotFound(from);
  if (against === 'draft')
    return { from, to: 'draft', ...diffLiveConfig(old.snapshot, (await readDraft(db, projectId)).snapshot) };
  const current = await latestVersion(db, projectId);
  // `from` exists, so a current version does too.
  return { from, to: current?.version ?? from, ...diffLiveConfig(old.snapshot, current?.snapshot ?? old.snapshot) };
}

/** What one player gets, from the published version or the draft, now or at `at`: the delivery's own evaluation. */
export async function preview(db: Db, projectId: string, body: LivePreviewBody, clock: Clock): Promise<LivePreview> {
  const at = body.at === undefined ? clock.now() : new Date(body.at);
  const source = body.source ?? 'published';
  if (source === 'draft') {
    const { snapshot } = await readDraft(db, projectId);
    return {
      values: evaluateLiveConfig(snapshot, body.player, at.getTime()),
      source,
      version: null,
      at: at.toISOString(),
    };
  }
  const current = await latestVersion(db, projectId);
  const values = current ? evaluateLiveConfig(current.snapshot, body.player, at.getTime()) : {};
  return { values, source, version: current?.version ?? 0, at: at.toISOString() };
}
