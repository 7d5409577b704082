import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Experiment } from '@questboard/shared/experiments-api';
import type { LiveConfigAnswer, LiveVersionList } from '@questboard/shared/live-api';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { organisationWithEveryRole } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { fetchConfig, firstIngestKey, liveOps } from '../../../test/live-helpers';
import { experimentsOf } from '../../../test/experiment-helpers';
import { manualClock } from '../../lib/clock';
import { demoEnd } from './demo-loads';
import { DEMO_EXPERIMENT_SALT, demoExperimentStartedAt, demoVariant } from './demo-experiment';
import { demoEditorOf, setUpDemoExperiment } from './demo-experiment-setup';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// The demo's running experiment (issue 16): its record has the demo data's salt and start, so the
// players GET /live/v1/config puts in each variant are the ones the demo data exposed there.
describe.each(databaseTargets)('the demo experiment on $name', (target) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof organisationWithEveryRole>>['tokens'];
  let projectId: string;
  const now = new Date('2026-11-20T15:30:00Z');
  const end = demoEnd(now);

  beforeEach(async () => {
    t = await createTestApp(target, { clock: manualClock(now) });
    tokens = (await organisationWithEveryRole(t.app)).tokens;
    projectId = (await createProject(t.app, tokens.owner, 'Demo Harbour')).id;
  });
  afterEach(async () => t.close());

  const editor = async () => {
    const found = await demoEditorOf(t.database.db, projectId);
    if (!found) throw new Error('the project has no owner');
    return found;
  };

  it("publishes its key into an untouched live config and runs with the demo's salt, start and assignment", async () => {
    expect(await editor()).toMatchObject({ email: 'ada@pixel.example' });
    expect(await setUpDemoExperiment(t.database.db, projectId, end, await editor(), now)).toBe(true);
    // Once: a second load changes nothing.
    expect(await setUpDemoExperiment(t.database.db, projectId, end, await editor(), now)).toBe(true);

    const live = liveOps(t.app, projectId);
    const versions = await live.ok<LiveVersionList>(live.call(tokens.member, 'GET', '/versions'));
    expect(versions.versions.map((version) => version.version)).toEqual([1]);
    const api = experimentsOf(t.app, projectId);
    const experiment = await api.ok<Experiment>(api.call(tokens.member, 'GET', '/faster-first-levels'));
    expect(experiment).toMatchObject({ status: 'running', startedAt: demoExperimentStartedAt(end).toISOString(), createdBy: 'ada@pixel.example' });

    const { key } = await firstIngestKey(t.app, tokens.owner, projectId);
    const seen = new Set<string>();
    for (let index = 0; index < 40; index += 1) {
      const userId = `demo-player-${String(index).padStart(6, '0')}`;
      const answer = (await fetchConfig(t.app, key, { user_id: userId })).json<LiveConfigAnswer>();
      const variant = demoVariant(userId);
      seen.add(variant ?? 'none');
      expect(answer.experiments.map((entry) => [entry.key, entry.variant]), userId).toEqual([['faster-first-levels', variant]]);
      expect(answer.values['levels.difficulty'], userId).toBe(variant === 'easy' ? 'easy' : 'normal');
    }
    expect([...seen].sort()).toEqual(['control', 'easy']);
    expect(DEMO_EXPERIMENT_SALT).toMatch(/^[0-9a-f]{24}$/);
  });

  it("leaves a studio's own live config alone", async () => {
    const live = liveOps(t.app, projectId);
    await live.ok(live.call(tokens.owner, 'POST', '/keys', { name: 'lives', type: 'number', defaultValue: 3 }), 201);
    expect(await setUpDemoExperiment(t.database.db, projectId, end, await editor(), now)).toBe(false);
    const versions = await live.ok<LiveVersionList>(live.call(tokens.member, 'GET', '/versions'));
    expect(versions.versions).toEqual([]);
    const api = experimentsOf(t.app, projectId);
    expect((await api.refused(api.call(tokens.member, 'GET', '/faster-first-levels'))).status).toBe(404);
  });
});
