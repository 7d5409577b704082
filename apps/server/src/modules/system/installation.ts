import { installation } from '../../db/schema';
import type { Db } from '../../db/database';

export interface Installation {
  instanceId: string;
  installedAt: Date;
}

/** Returns this installation's record, creating it on the first start. */
export async function ensureInstallation(db: Db): Promise<Installation> {
  await db.insert(installation).values({ singleton: true }).onConflictDoNothing();
  const [row] = await db.select().from(installation).limit(1);
  if (!row) throw new Error('The installation record could not be created.');
  return { instanceId: row.instanceId, installedAt: row.installedAt };
}
