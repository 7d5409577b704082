import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IngestKeyList } from '@questboard/shared/developer';
import type { OrganisationRole } from '@questboard/shared/organisations';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { core, organisationWithEveryRole } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { demoIngestKey } from '../ingestion/ingestion-api';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Issue 21: revoking ingestion keys and deleting analytics data, demo data included, are for owners
// and admins; a member gets a 403 with a message and nothing changes.
describe.each(databaseTargets)('who may revoke keys and delete analytics data, on $name', (target) => {
  let t: TestApp;
  const tokens = {} as Record<OrganisationRole, string>;
  let sent = 0;

  beforeAll(async () => {
    t = await createTestApp(target);
    Object.assign(tokens, (await organisationWithEveryRole(t.app)).tokens);
  });
  afterAll(async () => t.close());

  /** A project holding one real and two demo events, made by the owner. */
  async function stockedProject(name: string) {
    const projectId = (await createProject(t.app, tokens.owner, name)).id;
    const [realKey] = (await core(t.app, tokens.owner, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys;
    const demoKey = await demoIngestKey(t.database.db, projectId, new Date());
    const send = async (key: string, count: number) => {
      const events = Array.from({ length: count }, () => ({ insert_id: `e-${sent++}`, name: 'level_start', user_id: 'p-1', timestamp: new Date().toISOString() }));
      const response = await t.app.inject({ method: 'POST', url: '/ingest/v1/batch', headers: { 'x-ingest-key': key }, payload: { events } });
      expect(response.json()).toMatchObject({ accepted: count });
    };
    await send(realKey!.key, 1);
    await send(demoKey, 2);
    return { projectId, keyId: realKey!.id };
  }

  const totals = async (projectId: string) => (await t.events.summary(projectId)) as { totalEvents: number; demoEvents: number };

  it('refuses a member each of the three with a 403 and a message, changing nothing', async () => {
    const { projectId, keyId } = await stockedProject('Member Quest');
    for (const [method, url, message] of [
      ['DELETE', `/core/projects/${projectId}/ingest-keys/${keyId}`, 'Only owners and admins can revoke an ingestion key.'],
      ['DELETE', `/core/projects/${projectId}/events`, "Only owners and admins can delete a project's analytics data."],
      ['DELETE', `/core/projects/${projectId}/demo-data`, 'Only owners and admins can remove demo data.'],
    ] as const) {
      const response = await core(t.app, tokens.member, method, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual({ code: 'INSUFFICIENT_ROLE', message });
    }
    expect(await totals(projectId)).toMatchObject({ totalEvents: 3, demoEvents: 2 });
    const keys = (await core(t.app, tokens.member, 'GET', `/core/projects/${projectId}/ingest-keys`)).json<IngestKeyList>().keys;
    expect(keys.find((key) => key.id === keyId)?.revokedAt).toBeNull();
  });

  it.each(['owner', 'admin'] as const)('lets an %s remove demo data, delete all events and revoke a key', async (role) => {
    const { projectId, keyId } = await stockedProject(`${role} Quest`);
    const demo = await core(t.app, tokens[role], 'DELETE', `/core/projects/${projectId}/demo-data`);
    expect(demo.json()).toEqual({ removedEvents: 2 });
    expect(await totals(projectId)).toMatchObject({ totalEvents: 1, demoEvents: 0 });
    const all = await core(t.app, tokens[role], 'DELETE', `/core/projects/${projectId}/events`);
    expect(all.json()).toEqual({ deletedEvents: 1 });
    const revoked = await core(t.app, tokens[role], 'DELETE', `/core/projects/${projectId}/ingest-keys/${keyId}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
  });
});
