import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import type { CacheView } from '../../db/state-cache';
import { HttpError } from '../../http-error';
import { findActiveIngestKey, type ActiveIngestKey } from './ingest-key-store';

const keyShape = /^qbk_[A-Za-z0-9_-]{20,120}$/;

export const ingestKeyErrors401 = {
  missingKey: () =>
    new HttpError(401, 'INGEST_KEY_MISSING', "Send the project's ingestion key in the X-Ingest-Key header."),
  unknownKey: () => new HttpError(401, 'INGEST_KEY_INVALID', 'This ingestion key is unknown or has been revoked.'),
};

/**
 * The X-Ingest-Key check games' calls share (ingestion, live config delivery): active keys by
 * value from the state cache, which creating, revoking or deleting a key clears (ADR 019), so a
 * revoked key is refused from the next request on. Unknown keys are not kept. A caller that reads
 * other memos too passes the request's one view (on PostgreSQL, one version read per request).
 */
export function ingestKeyCheck(
  app: FastifyInstance,
  db: Db,
): (request: FastifyRequest, view?: CacheView) => Promise<ActiveIngestKey> {
  const activeKeys = app.stateCache.memo<ActiveIngestKey | undefined>(10_000, { keepMisses: false });
  return async (request, view) => {
    const presented = request.headers['x-ingest-key'];
    if (presented === undefined || presented === '') throw ingestKeyErrors401.missingKey();
    if (typeof presented !== 'string' || !keyShape.test(presented)) throw ingestKeyErrors401.unknownKey();
    const key = await activeKeys.get(view ?? (await app.stateCache.view()), presented, () =>
      findActiveIngestKey(db, presented),
    );
    if (!key) throw ingestKeyErrors401.unknownKey();
    return key;
  };
}
