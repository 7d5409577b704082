import { and, eq, isNull } from 'drizzle-orm';
import { DEFAULT_INGEST_KEY_NAME, DEMO_INGEST_KEY_NAME } from '@questboard/shared/developer';
import type { Db } from '../../db/database';
import { ingestKeys } from '../../db/schema';
import { newIngestKey } from './ingest-key-store';

// What other modules may ask of ingestion (issue 19): they never touch its tables or its store.

type Writer = Pick<Db, 'insert'>;

/** The key a new project is made with, inserted in the caller's transaction (projects' creation). */
export async function addFirstIngestKey(tx: Writer, projectId: string, now: Date): Promise<void> {
  await tx.insert(ingestKeys).values(newIngestKey(projectId, DEFAULT_INGEST_KEY_NAME, 'standard', now));
}

/** The project's active demo key, made on first use: demo events are sent with it, so they are labelled demo. */
export async function demoIngestKey(db: Db, projectId: string, now: Date): Promise<string> {
  const [existing] = await db
    .select({ key: ingestKeys.key })
    .from(ingestKeys)
    .where(and(eq(ingestKeys.projectId, projectId), eq(ingestKeys.kind, 'demo'), isNull(ingestKeys.revokedAt)))
    .limit(1);
  if (existing) return existing.key;
  const made = newIngestKey(projectId, DEMO_INGEST_KEY_NAME, 'demo', now);
  await db.insert(ingestKeys).values(made);
  return made.key;
}
