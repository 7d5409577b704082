import { it, expect } from 'vitest';
import { databaseTargets } from '../test/databases';
import { createTestApp } from '../test/test-app';
import { core, organisationWithEveryRole } from '../test/organisation-helpers';
import { createProject } from '../test/project-helpers';

it('profiles a demo load', async () => {
  const t = await createTestApp(databaseTargets[0]!);
  const { tokens } = await organisationWithEveryRole(t.app);
  const projectId = (await createProject(t.app, tokens.owner, 'Prof')).id;
  const t0 = performance.now(); const c0 = process.cpuUsage();
  const started = await core(t.app, tokens.owner, 'POST', `/core/projects/${projectId}/demo-data`, {});
  expect(started.statusCode).toBe(202);
  for (;;) {
    const s = (await core(t.app, tokens.owner, 'GET', `/core/projects/${projectId}/demo-data`)).json<{ state: string; demoEvents: number; sentEvents: number }>();
    if (s.state !== 'running') { console.log('DEMO', s.state, s.sentEvents, s.demoEvents, ((performance.now() - t0) / 1000).toFixed(1), 's wall', ((process.cpuUsage(c0).user + process.cpuUsage(c0).system) / 1e6).toFixed(1), 'core-s'); break; }
    await new Promise((r) => setTimeout(r, 500));
  }
  const d0 = performance.now();
  const del = await core(t.app, tokens.owner, 'DELETE', `/core/projects/${projectId}/demo-data`);
  console.log('DELETE', del.statusCode, del.body, ((performance.now() - d0) / 1000).toFixed(1), 's');
  await t.close();
}, 600_000);
