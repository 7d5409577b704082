import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Experiment, ExperimentList, ExperimentResults } from '@questboard/shared/experiments-api';
import { EXPERIMENTS_OPEN_MAX } from '@questboard/shared/experiments-api';
import type { LiveDraft, LiveVersionList } from '@questboard/shared/live-api';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { hostileText, organisationWithEveryRole, signUpOwner } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { fetchConfig, firstIngestKey } from '../../../test/live-helpers';
import { event, ingest } from '../../../test/ingest-helpers';
import { signInByLink } from '../../../test/identity-helpers';
import { experimentInput, experimentsOf, publishLivesAndTitle } from '../../../test/experiment-helpers';
import { manualClock } from '../../lib/clock';
import { experiments as experimentsTable } from '../../db/schema';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

// Issue 16's experiment lifecycle (ADR 029) on both databases: drafts and their checks, roles,
// tenant isolation, the start checks, stop, and ship (a new version, the draft, a rollback).
describe.each(databaseTargets)('experiments on $name', (target) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof organisationWithEveryRole>>['tokens'];
  let projectId: string;
  let api: ReturnType<typeof experimentsOf>;
  let clock: ReturnType<typeof manualClock>;
  const setClock = (at: string) => clock.advance(Date.parse(at) - clock.now().getTime());

  beforeEach(async () => {
    clock = manualClock(new Date('2026-11-02T09:00:00Z'));
    t = await createTestApp(target, { clock });
    tokens = (await organisationWithEveryRole(t.app)).tokens;
    projectId = (await createProject(t.app, tokens.owner, 'Pixel Quest')).id;
    api = experimentsOf(t.app, projectId);
  });
  afterEach(async () => t.close());

  const create = (key: string, patch = {}) => api.ok<Experiment>(api.call(tokens.admin, 'POST', '', experimentInput(key, patch)), 201);

  it('creates, reads, changes and deletes drafts; members read and cannot change', async () => {
    const made = await create('bigger-lives');
    expect(made).toMatchObject({
      key: 'bigger-lives',
      status: 'draft',
      createdBy: 'grace@pixel.example',
      createdAt: '2026-11-02T09:00:00.000Z',
      startedAt: null,
      stoppedAt: null,
      shippedVariant: null,
      layer: null,
      targeting: [],
      variants: [
        { key: 'control', weight: 1, name: '', overrides: [] },
        { key: 'b', weight: 1, name: '', overrides: [{ key: 'lives', value: 5 }] },
      ],
    });
    expect(await api.ok<Experiment>(api.call(tokens.member, 'GET', '/bigger-lives'))).toEqual(made);
    expect(await api.ok<ExperimentList>(api.call(tokens.member, 'GET', ''))).toEqual({
      experiments: [
        {
          key: 'bigger-lives',
          hypothesis: 'Five lives keep new players longer',
          status: 'draft',
          startedAt: null,
          stoppedAt: null,
          layer: null,
          shippedVariant: null,
          updatedAt: '2026-11-02T09:00:00.000Z',
          variants: 2,
          shippedVariantName: null,
          exposedPlayers: 0,
        },
      ],
    });

    const changed = await api.ok<Experiment>(api.call(tokens.owner, 'PUT', '/bigger-lives', experimentInput('bigger-lives', { audiencePercentage: 20.5 })));
    expect(changed).toMatchObject({ audiencePercentage: 20.5, createdBy: 'grace@pixel.example' });

    const refusals = [
      await api.refused(api.call(tokens.member, 'POST', '', experimentInput('other'))),
      await api.refused(api.call(tokens.member, 'PUT', '/bigger-lives', experimentInput('bigger-lives'))),
      await api.refused(api.call(tokens.member, 'DELETE', '/bigger-lives')),
      await api.refused(api.call(tokens.member, 'POST', '/bigger-lives/start')),
      await api.refused(api.call(tokens.member, 'POST', '/bigger-lives/stop')),
      await api.refused(api.call(tokens.member, 'POST', '/bigger-lives/ship', { variant: 'b' })),
    ];
    expect(refusals.map(({ status, message }) => [status, message])).toEqual([
      [403, 'Only owners and admins can change experiments.'],
      [403, 'Only owners and admins can change experiments.'],
      [403, 'Only owners and admins can change experiments.'],
      [403, 'Only owners and admins can change experiments.'],
      [403, 'Only owners and admins can change experiments.'],
      [403, 'Only owners and admins can ship an experiment.'],
    ]);

    expect((await api.call(tokens.admin, 'DELETE', '/bigger-lives')).statusCode).toBe(204);
    expect(await api.refused(api.call(tokens.member, 'GET', '/bigger-lives'))).toEqual({
      status: 404,
      code: 'EXPERIMENT_NOT_FOUND',
      message: 'No experiment with the key "bigger-lives" in this project.',
    });
  });

  it('refuses a repeated key, a bad definition and more than the open limit, with plain messages and nothing written', async () => {
    await create('bigger-lives');
    expect(await api.refused(api.call(tokens.owner, 'POST', '', experimentInput('bigger-lives')))).toEqual({
      status: 409,
      code: 'EXPERIMENT_EXISTS',
      message: 'An experiment with the key "bigger-lives" already exists in this project.',
    });
    const bad: [object, number, string][] = [
      [{ key: 'Bad Key' }, 400, 'An experiment key is lower-case letters, digits, "-" and "_", starting with a letter or digit'],
      [{ variants: [{ key: 'control', weight: 1 }] }, 400, 'An experiment needs a control and at least one other variant'],
      [{ variants: [{ key: 'a', weight: 1 }, { key: 'a', weight: 1 }] }, 400, 'Two variants have the same key: each variant needs its own.'],
      [{ variants: [{ key: 'a', weight: 0 }, { key: 'b', weight: 0 }] }, 400, 'At least one variant needs a weight above 0.'],
      [{ audiencePercentage: 10.005 }, 400, 'The audience share has at most two decimals.'],
      [{ audiencePercentage: 0 }, 400, 'The audience share must be from 0.01 to 100%'],
      [
        { variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides: [{ key: 'lives', value: 4 }, { key: 'lives', value: 5 }] }] },
        400,
        'The variant "b" overrides "lives" twice.',
      ],
    ];
    for (const [patch, status, message] of bad) {
      const answer = await api.refused(api.call(tokens.owner, 'POST', '', { ...experimentInput('fresh'), ...patch }));
      expect([answer.status, answer.message], JSON.stringify(patch)).toEqual([status, message]);
    }
    expect(await api.refused(api.call(tokens.owner, 'PUT', '/bigger-lives', experimentInput('renamed')))).toMatchObject({
      status: 400,
      message: 'The key cannot change: the experiment is "bigger-lives".',
    });
    expect((await api.ok<ExperimentList>(api.call(tokens.owner, 'GET', ''))).experiments.map((e) => e.key)).toEqual(['bigger-lives']);

    // Up to the limit of open (draft and running) experiments, written straight in: the API then refuses one more.
    const now = new Date();
    const rows = Array.from({ length: EXPERIMENTS_OPEN_MAX - 1 }, (_, index) => ({
      projectId,
      key: `filler-${index}`,
      definition: experimentInput(`filler-${index}`),
      status: 'draft' as const,
      salt: '9f86d081884c7d659a2feaa0',
      createdByEmail: 'ada@pixel.example',
      createdAt: now,
      updatedByEmail: 'ada@pixel.example',
      updatedAt: now,
    }));
    await t.database.db.insert(experimentsTable).values(rows);
    expect(await api.refused(api.call(tokens.owner, 'POST', '', experimentInput('one-too-many')))).toEqual({
      status: 409,
      code: 'EXPERIMENT_LIMIT',
      message: `A project has at most ${EXPERIMENTS_OPEN_MAX} draft and running experiments. Stop or delete one first.`,
    });
  });

  it('answers hostile text with a 4xx, never a 500, and writes nothing (security case 25)', async () => {
    for (const [label, text] of Object.entries(hostileText)) {
      const writes: [string, object][] = [
        ['hypothesis', { hypothesis: text }],
        ['variant name', { variants: [{ key: 'control', weight: 1, name: text }, { key: 'b', weight: 1 }] }],
        ['override value', { variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides: [{ key: 'title', value: { text } }] }] }],
        ['metric event', { primaryMetric: { kind: 'event-conversion', days: 7, event: text } }],
        ['metric property value', { primaryMetric: { kind: 'event-conversion', days: 7, event: 'level_complete', property: { name: 'boss', value: text } } }],
      ];
      for (const [field, patch] of writes) {
        const response = await api.call(tokens.owner, 'POST', '', { ...experimentInput(`hostile-${label.toLowerCase()}`), ...patch });
        expect(response.statusCode, `${label} ${field}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode === 201) {
          // Text that can be stored comes back as it was sent.
          expect(response.json<Experiment>().key).toBe(`hostile-${label.toLowerCase()}`);
          expect((await api.call(tokens.owner, 'DELETE', `/hostile-${label.toLowerCase()}`)).statusCode).toBe(204);
        }
      }
    }
    const nul = await api.refused(api.call(tokens.owner, 'POST', '', { ...experimentInput('nul'), primaryMetric: { kind: 'event-conversion', days: 7, event: 'a\u0000b' } }));
    expect(nul).toEqual({
      status: 400,
      code: 'EXPERIMENT_INVALID',
      message: 'The text at experiment.primaryMetric.event must not contain NUL characters or broken Unicode (a lone surrogate)',
    });
    expect((await api.ok<ExperimentList>(api.call(tokens.owner, 'GET', ''))).experiments).toEqual([]);
  });

  it("keeps another organisation's experiments out of reach", async () => {
    await create('bigger-lives');
    const rival = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    for (const [method, path] of [['GET', ''], ['GET', '/bigger-lives'], ['DELETE', '/bigger-lives'], ['POST', '/bigger-lives/start']] as const) {
      const answer = await api.refused(api.call(rival.token, method, path));
      expect([answer.status, answer.code], `${method} ${path}`).toEqual([404, 'PROJECT_NOT_FOUND']);
    }
    // The rival's own project with the same key is a different experiment.
    const theirs = experimentsOf(t.app, (await createProject(t.app, rival.token, 'Rival Quest')).id);
    await theirs.ok(theirs.call(rival.token, 'POST', '', experimentInput('bigger-lives', { hypothesis: 'Theirs' })), 201);
    expect((await api.ok<Experiment>(api.call(tokens.owner, 'GET', '/bigger-lives'))).hypothesis).toBe('Five lives keep new players longer');
  });

  it('starts only with overrides of published keys and values of their type, and no key of another running experiment', async () => {
    await create('bigger-lives');
    expect(await api.refused(api.call(tokens.owner, 'POST', '/bigger-lives/start'))).toEqual({
      status: 409,
      code: 'EXPERIMENT_NOTHING_PUBLISHED',
      message: 'Nothing is published yet: publish the live config first.',
    });
    const live = await publishLivesAndTitle(t.app, tokens.owner, projectId);
    // A key only in the draft is not enough: players get the published config.
    await live.ok(live.call(tokens.owner, 'POST', '/keys', { name: 'draft.only', type: 'boolean', defaultValue: false }), 201);
    const cases: [object, number, string][] = [
      [{ variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides: [{ key: 'draft.only', value: true }] }] }, 400, 'The variant "b" overrides "draft.only", which the published config does not have.'],
      [{ variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides: [{ key: 'lives', value: 'five' }] }] }, 400, 'The variant "b" gives "lives" a value it cannot take: the value must be a number: the key is of type number.'],
      [{ variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1 }] }, 400, 'No variant overrides a config key: the variants would all get the same values.'],
    ];
    for (const [patch, status, message] of cases) {
      await api.ok(api.call(tokens.owner, 'PUT', '/bigger-lives', { ...experimentInput('bigger-lives'), ...patch }));
      const answer = await api.refused(api.call(tokens.owner, 'POST', '/bigger-lives/start'));
      expect([answer.status, answer.code, answer.message]).toEqual([status, 'EXPERIMENT_CANNOT_START', message]);
      expect((await api.ok<Experiment>(api.call(tokens.owner, 'GET', '/bigger-lives'))).status).toBe('draft');
    }
    await api.ok(api.call(tokens.owner, 'PUT', '/bigger-lives', experimentInput('bigger-lives')));
    setClock('2026-11-02T09:00:10Z');
    expect(await api.ok<Experiment>(api.call(tokens.owner, 'POST', '/bigger-lives/start'))).toMatchObject({ status: 'running', startedAt: '2026-11-02T09:00:10.000Z' });

    await create('lives-and-title', { variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides: [{ key: 'title', value: 'II' }, { key: 'lives', value: 4 }] }] });
    expect(await api.refused(api.call(tokens.owner, 'POST', '/lives-and-title/start'))).toEqual({
      status: 409,
      code: 'EXPERIMENT_CANNOT_START',
      message: 'The running experiment "bigger-lives" already overrides "lives": stop it, or run both in the same layer.',
    });
    // Running: no change, no delete, no second start.
    expect(await api.refused(api.call(tokens.owner, 'PUT', '/bigger-lives', experimentInput('bigger-lives')))).toMatchObject({
      status: 409,
      message: 'The experiment "bigger-lives" is running: only a draft can be changed.',
    });
    expect(await api.refused(api.call(tokens.owner, 'DELETE', '/bigger-lives'))).toMatchObject({ status: 409, message: 'The experiment "bigger-lives" is running: only a draft can be deleted.' });
    expect(await api.refused(api.call(tokens.owner, 'POST', '/bigger-lives/start'))).toMatchObject({ status: 409, message: 'The experiment "bigger-lives" is running: only a draft can be started.' });
    expect(await api.refused(api.call(tokens.owner, 'POST', '/lives-and-title/stop'))).toMatchObject({ status: 409, message: 'The experiment "lives-and-title" is draft: only a running experiment can be stopped.' });

    setClock('2026-11-02T09:00:20Z');
    expect(await api.ok<Experiment>(api.call(tokens.owner, 'POST', '/bigger-lives/stop'))).toMatchObject({ status: 'stopped', stoppedAt: '2026-11-02T09:00:20.000Z' });
    // Stopped, its keys are free.
    expect(await api.ok<Experiment>(api.call(tokens.owner, 'POST', '/lives-and-title/start'))).toMatchObject({ status: 'running' });
  });

  it('allocates layer ranges first-fit and says how much of a full layer is free', async () => {
    await publishLivesAndTitle(t.app, tokens.owner, projectId);
    const layered = (key: string, audiencePercentage: number, overrides: { key: string; value: unknown }[] = [{ key: 'lives', value: 5 }]) =>
      create(key, { layer: 'home-screen', audiencePercentage, variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides }] });
    await layered('first', 60);
    await layered('second', 30, [{ key: 'lives', value: 6 }]);
    await layered('third', 20, [{ key: 'title', value: 'Third' }]);
    await api.ok(api.call(tokens.owner, 'POST', '/first/start'));
    // Same keys, same layer: allowed, the layer keeps their players apart.
    await api.ok(api.call(tokens.owner, 'POST', '/second/start'));
    expect(await api.refused(api.call(tokens.owner, 'POST', '/third/start'))).toEqual({
      status: 409,
      code: 'EXPERIMENT_CANNOT_START',
      message: 'The layer home-screen has only 10% of players free.',
    });
    // A running experiment outside the layer may not take a key of the layer's.
    await create('outside', { variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides: [{ key: 'lives', value: 9 }] }] });
    expect(await api.refused(api.call(tokens.owner, 'POST', '/outside/start'))).toMatchObject({
      status: 409,
      message: 'The running experiment "first" already overrides "lives": stop it, or run both in the same layer.',
    });
    await api.ok(api.call(tokens.owner, 'POST', '/first/stop'));
    await api.ok(api.call(tokens.owner, 'POST', '/third/start'));
    const rows = await t.database.db.select({ key: experimentsTable.key, from: experimentsTable.layerFrom, to: experimentsTable.layerTo }).from(experimentsTable);
    expect(Object.fromEntries(rows.map((row) => [row.key, [row.from, row.to]]))).toEqual({
      first: [null, null],
      second: [6000, 9000],
      third: [0, 2000],
      outside: [null, null],
    });
  });

  it('ships a variant: a new version with its defaults, the draft too, the experiment stopped; a rollback undoes it', async () => {
    const live = await publishLivesAndTitle(t.app, tokens.owner, projectId);
    const { key: ingestKey } = await firstIngestKey(t.app, tokens.owner, projectId);
    await create('bigger-lives', { variants: [{ key: 'control', weight: 1 }, { key: 'b', name: 'Five lives', weight: 1, overrides: [{ key: 'lives', value: 5 }, { key: 'title', value: 'Quest+' }] }] });
    expect(await api.refused(api.call(tokens.owner, 'POST', '/bigger-lives/ship', { variant: 'b' }))).toMatchObject({
      status: 409,
      message: 'The experiment "bigger-lives" has not started: start it, read its results, then ship a variant.',
    });
    await api.ok(api.call(tokens.owner, 'POST', '/bigger-lives/start'));
    // An unpublished edit of the draft stays unpublished; shipping only changes the shipped keys' defaults.
    await live.ok(live.call(tokens.owner, 'POST', '/keys', { name: 'draft.only', type: 'boolean', defaultValue: false }), 201);
    expect(await api.refused(api.call(tokens.owner, 'POST', '/bigger-lives/ship', { variant: 'c' }))).toMatchObject({ status: 400, message: 'The experiment "bigger-lives" has no variant "c".' });

    setClock('2026-11-02T09:00:30Z');
    const shipped = await api.ok<Experiment>(api.call(tokens.admin, 'POST', '/bigger-lives/ship', { variant: 'b' }));
    expect(shipped).toMatchObject({ status: 'stopped', stoppedAt: '2026-11-02T09:00:30.000Z', shippedVariant: 'b' });
    // The list names the shipped variant as people named it (its key where it has no name).
    expect((await api.ok<ExperimentList>(api.call(tokens.member, 'GET', ''))).experiments[0]).toMatchObject({ shippedVariant: 'b', shippedVariantName: 'Five lives' });
    const versions = await live.ok<LiveVersionList>(live.call(tokens.member, 'GET', '/versions'));
    expect(versions.versions[0]).toMatchObject({ version: 2, action: 'publish', note: 'Shipped experiment bigger-lives: variant b', publishedBy: 'grace@pixel.example', keys: 2 });
    const draft = await live.ok<LiveDraft>(live.call(tokens.member, 'GET', '/draft'));
    expect(draft.keys.map((key) => [key.name, key.defaultValue])).toEqual([['lives', 5], ['title', 'Quest+'], ['draft.only', false]]);
    // Every player now gets the shipped values, and no experiment.
    for (const userId of ['p1', 'p2', 'p3'])
      expect((await fetchConfig(t.app, ingestKey, { user_id: userId })).json()).toEqual({ values: { lives: 5, title: 'Quest+' }, experiments: [], version: 2 });
    expect(await api.refused(api.call(tokens.owner, 'POST', '/bigger-lives/ship', { variant: 'control' }))).toMatchObject({
      status: 409,
      message: 'The experiment "bigger-lives" already shipped the variant "b".',
    });
    await live.ok(live.call(tokens.owner, 'POST', '/versions/1/rollback'), 201);
    expect((await fetchConfig(t.app, ingestKey, { user_id: 'p1' })).json()).toEqual({ values: { lives: 3, title: 'Quest' }, experiments: [], version: 3 });
  });

  it('counts the exposed players of every experiment from the event store', async () => {
    await create('bigger-lives');
    await create('title-test', { variants: [{ key: 'control', weight: 1 }, { key: 'b', weight: 1, overrides: [{ key: 'title', value: 'II' }] }] });
    const { key } = await firstIngestKey(t.app, tokens.owner, projectId);
    const exposure = (userId: string, experiment: string) =>
      event({ name: 'experiment_exposure', user_id: userId, properties: { experiment, variant: 'b' } }, new Date('2026-11-02T08:00:00Z'));
    const batch = [
      exposure('p1', 'bigger-lives'),
      exposure('p1', 'bigger-lives'),
      exposure('p2', 'bigger-lives'),
      exposure('p3', 'title-test'),
      exposure('p4', 'someone-else'),
      event({ name: 'level_complete', user_id: 'p5', properties: { experiment: 'bigger-lives' } }, new Date('2026-11-02T08:00:00Z')),
    ];
    expect((await ingest(t.app, key, { events: batch })).statusCode).toBe(200);
    const list = await api.ok<ExperimentList>(api.call(tokens.member, 'GET', ''));
    expect(list.experiments.map((experiment) => [experiment.key, experiment.exposedPlayers])).toEqual([
      ['bigger-lives', 2],
      ['title-test', 1],
    ]);
  });

  it('answers the results through the API: exposures after the start, the D1 figures per variant, every member reads, no one else', async () => {
    await publishLivesAndTitle(t.app, tokens.owner, projectId);
    await create('bigger-lives', { primaryMetric: { kind: 'retention', days: 1 }, plannedPlayersPerVariant: 2 });
    await api.ok<Experiment>(api.call(tokens.owner, 'POST', '/bigger-lives/start'));
    const { key } = await firstIngestKey(t.app, tokens.owner, projectId);
    const at = (iso: string) => new Date(iso);
    const exposure = (userId: string, variant: string, when: string) =>
      event({ name: 'experiment_exposure', user_id: userId, properties: { experiment: 'bigger-lives', variant } }, at(when));
    const played = (userId: string, when: string) => event({ name: 'session_start', user_id: userId, session_id: `s-${userId}` }, at(when));
    const batch = [
      // Before the start: not an exposure of this run.
      exposure('early', 'b', '2026-11-02T08:59:59Z'),
      exposure('c1', 'control', '2026-11-02T10:00:00Z'),
      exposure('c2', 'control', '2026-11-02T10:00:00Z'),
      exposure('b1', 'b', '2026-11-02T10:00:00Z'),
      exposure('b2', 'b', '2026-11-02T10:00:00Z'),
      played('c1', '2026-11-03T10:00:00Z'),
      played('b1', '2026-11-03T10:00:00Z'),
      played('b2', '2026-11-03T11:00:00Z'),
    ];
    // Sent once the last of them has happened: ingestion refuses events from the future.
    setClock('2026-11-03T12:00:00Z');
    const sent = await ingest(t.app, key, { events: batch });
    expect(sent.json()).toEqual({ accepted: batch.length, rejected: [] });
    setClock('2026-11-05T12:00:00Z');
    // Three days on, the member signs in again (ID tokens last 15 minutes).
    const member = (await signInByLink(t.app, 'bob@pixel.example')).session.idToken;

    const results = await api.ok<ExperimentResults>(api.call(member, 'GET', '/bigger-lives/results'));
    expect(results).toMatchObject({ key: 'bigger-lives', status: 'running', at: '2026-11-05T12:00:00.000Z' });
    expect(results.exposures.map((row) => [row.variant, row.players])).toEqual([
      ['control', 2],
      ['b', 2],
    ]);
    const primary = results.metrics.find((metric) => metric.primary);
    expect(primary?.name).toBe('D1 retention');
    expect(primary?.variants.map((row) => [row.variant, row.players, row.estimate])).toEqual([
      ['control', 2, 0.5],
      ['b', 2, 1],
    ]);

    const rival = await signUpOwner(t.app, 'eve@rival.example', 'Rival Games');
    expect((await api.refused(api.call(rival.token, 'GET', '/bigger-lives/results'))).status).toBe(404);
    expect((await api.refused(api.call(member, 'GET', '/no-such/results'))).status).toBe(404);
  });
});
