import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { projects } from '../../db/schema';
import { HttpError } from '../../http-error';
import { demoIngestKey } from '../ingestion/ingestion-api';

/**
 * What `npm run demo` sends with: the demo key of the project with this identifier, in whichever
 * organisation it is (the caller proved it runs on the server's machine, not who it is).
 */
export async function demoKeyByIdentifier(db: Db, identifier: string, now: Date): Promise<{ key: string; projectId: string; name: string }> {
  const [project] = await db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.identifier, identifier)).limit(1);
  if (!project) throw new HttpError(404, 'PROJECT_NOT_FOUND', `No project has the identifier "${identifier}".`);
  return { key: await demoIngestKey(db, project.id, now), projectId: project.id, name: project.name };
}
