import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveEvent, LiveKey } from '@questboard/shared/live-config';
import type {
  LiveDiff,
  LiveDraft,
  LivePreview,
  LiveVersion,
  LiveVersionList,
  LiveVersionSummary,
} from '@questboard/shared/live-api';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { organisationWithEveryRole } from '../../../test/organisation-helpers';
import { createProject } from '../../../test/project-helpers';
import { liveOps } from '../../../test/live-helpers';
import { manualClock } from '../../lib/clock';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const lives = { name: 'lives', type: 'number', defaultValue: 3, description: 'Lives at the start of a level' };
const halloween = {
  name: 'Halloween',
  startsAt: '2026-10-30T00:00:00Z',
  endsAt: '2026-11-02T00:00:00Z',
  conditions: [],
  overrides: [{ key: 'lives', value: 5 }],
};

// Issue 15's management API (ADR 021) on both databases: roles, the draft, publishing with every
// problem at once, versions, diff, rollback, the audit list and bad input answered 4xx.
describe.each(databaseTargets)('live ops on $name', (target) => {
  let t: TestApp;
  let tokens: Awaited<ReturnType<typeof organisationWithEveryRole>>['tokens'];
  let live: ReturnType<typeof liveOps>;

  beforeEach(async () => {
    t = await createTestApp(target, { clock: manualClock(new Date('2026-10-01T12:00:00Z')) });
    tokens = (await organisationWithEveryRole(t.app)).tokens;
    live = liveOps(t.app, (await createProject(t.app, tokens.owner, 'Pixel Quest')).id);
  });
  afterEach(async () => t.close());

  const draft = (token = tokens.owner) => live.ok<LiveDraft>(live.call(token, 'GET', '/draft'));

  it('lets owners and admins edit, publish and roll back, and every member read and preview', async () => {
    expect(await draft(tokens.member)).toMatchObject({
      keys: [],
      events: [],
      publishedVersion: 0,
      unpublishedChanges: false,
      updatedAt: null,
    });

    const refused = [
      await live.call(tokens.member, 'POST', '/keys', lives),
      await live.call(tokens.member, 'POST', '/publish', { note: 'no' }),
      await live.call(tokens.member, 'POST', '/events', halloween),
    ];
    for (const response of refused) expect(response.statusCode, response.body).toBe(403);
    expect(refused.map((response) => response.json<{ message: string }>().message)).toEqual([
      'Only owners and admins can edit the live config.',
      'Only owners and admins can publish the live config.',
      'Only owners and admins can edit the live config.',
    ]);

    const key = await live.ok<LiveKey>(live.call(tokens.admin, 'POST', '/keys', lives), 201);
    expect(key).toEqual({ ...lives, rules: [] });
    expect(await draft(tokens.member)).toMatchObject({
      keys: [key],
      updatedBy: 'grace@pixel.example',
      unpublishedChanges: true,
      publishedVersion: 0,
    });
    const published = await live.ok<LiveVersionSummary>(
      live.call(tokens.admin, 'POST', '/publish', { note: 'First lives' }),
      201,
    );
    expect(published).toEqual({
      version: 1,
      action: 'publish',
      note: 'First lives',
      rolledBackTo: null,
      publishedAt: '2026-10-01T12:00:00.000Z',
      publishedBy: 'grace@pixel.example',
      keys: 1,
      events: 0,
    });
    expect(await draft(tokens.member)).toMatchObject({ publishedVersion: 1, unpublishedChanges: false });

    const preview = await live.ok<LivePreview>(
      live.call(tokens.member, 'POST', '/preview', { player: { userId: 'p1' } }),
    );
    expect(preview).toEqual({ values: { lives: 3 }, source: 'published', version: 1, at: '2026-10-01T12:00:00.000Z' });
    expect((await live.call(tokens.member, 'POST', '/versions/1/rollback')).statusCode).toBe(403);
    expect((await live.call(tokens.member, 'PUT', '/keys/lives', { ...lives, defaultValue: 4 })).statusCode).toBe(403);
    expect((await live.call(tokens.member, 'DELETE', '/keys/lives')).statusCode).toBe(403);
    expect(await live.ok<LiveVersionList>(live.call(tokens.member, 'GET', '/versions'))).toMatchObject({ current: 1 });
  });

  it('keeps a rule’s rollout salt while it is edited, and gives a new rule its own', async () => {
    const rule = { conditions: [{ kind: 'platform', values: ['iOS'] }], rollout: { percentage: 10 }, value: 4 };
    const made = await live.ok<LiveKey>(live.call(tokens.owner, 'POST', '/keys', { ...lives, rules: [rule] }), 201);
    const first = made.rules[0]!;
    expect(first.conditions).toEqual([{ kind: 'platform', values: ['ios'] }]);
    expect(first.rollout).toMatchObject({ percentage: 10, salt: expect.stringMatching(/^[0-9a-f]{24}$/) as string });

    const raised = { ...rule, id: first.id, rollout: { percentage: 20 } };
    const edited = await live.ok<LiveKey>(
      live.call(tokens.owner, 'PUT', '/keys/lives', { ...lives, rules: [{ ...rule, value: 6 }, raised] }),
    );
    expect(edited.rules[1]).toEqual({ ...first, rollout: { percentage: 20, salt: first.rollout!.salt } });
    expect(edited.rules[0]!.id).not.toBe(first.id);
    expect(edited.rules[0]!.rollout!.salt).not.toBe(first.rollout!.salt);
  });

  it('refuses to publish a draft with problems, naming every one, and publishes nothing', async () => {
    await live.ok(live.call(tokens.owner, 'POST', '/keys', lives), 201);
    await live.ok(
      live.call(tokens.owner, 'POST', '/keys', { name: 'shop.discount', type: 'number', defaultValue: 0 }),
      201,
    );
    await live.ok(
      live.call(tokens.owner, 'POST', '/events', {
        ...halloween,
        overrides: [
          { key: 'lives', value: 5 },
          { key: 'shop.discount', value: 0.3 },
        ],
      }),
      201,
    );
    // Each edit is valid alone; together they are not.
    await live.ok(live.call(tokens.owner, 'PUT', '/keys/lives', { ...lives, type: 'boolean', defaultValue: true }));
    await live.ok(live.call(tokens.owner, 'PUT', '/keys/shop.discount', { type: 'string', defaultValue: 'none' }));

    const refused = await live.call(tokens.owner, 'POST', '/publish', { note: 'broken' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'LIVE_CONFIG_INVALID',
      message: 'The draft has 2 problems; nothing was published.',
      issues: [
        {
          path: 'events.0.overrides.0.value',
          message:
            'Live event "Halloween", override of lives: The value must be true or false: the key is of type boolean',
        },
        {
          path: 'events.0.overrides.1.value',
          message:
            'Live event "Halloween", override of shop.discount: The value must be text: the key is of type string',
        },
      ],
    });
    expect(await live.ok<LiveVersionList>(live.call(tokens.owner, 'GET', '/versions'))).toEqual({
      current: 0,
      versions: [],
    });
  });

  it('answers bad input with a 4xx and a clear message, changing nothing', async () => {
    await live.ok(live.call(tokens.owner, 'POST', '/keys', lives), 201);
    const before = await draft();
    const cases: [string, 'POST' | 'PUT', string, unknown, number, string][] = [
      [
        'unknown type',
        'POST',
        '/keys',
        { name: 'colour', type: 'colour', defaultValue: 'red' },
        400,
        'The type must be string, number, boolean or json',
      ],
      [
        'bad name',
        'POST',
        '/keys',
        { name: 'shop discount', type: 'number', defaultValue: 1 },
        400,
        'A key name may only contain letters, digits, _, . and -',
      ],
      [
        'value of another type',
        'PUT',
        '/keys/lives',
        { type: 'number', defaultValue: 'three' },
        400,
        'Key lives: The value must be a number: the key is of type number',
      ],
      [
        'JSON over 16 KB',
        'POST',
        '/keys',
        { name: 'level', type: 'json', defaultValue: { map: 'x'.repeat(20_000) } },
        400,
        'The JSON value is 20010 bytes; the limit is 16384 bytes (16 KB)',
      ],
      [
        '1 MB of JSON',
        'POST',
        '/keys',
        { name: 'level', type: 'json', defaultValue: { map: 'x'.repeat(1_048_576) } },
        413,
        'The request body is too large.',
      ],
      [
        'invalid version range',
        'PUT',
        '/keys/lives',
        { ...lives, rules: [{ conditions: [{ kind: 'app_version', range: '=>1.2.0' }], rollout: null, value: 4 }] },
        400,
        'Version range "=>1.2.0" is not valid',
      ],
      ['existing name', 'POST', '/keys', lives, 409, 'A key named "lives" already exists.'],
      ['unknown key', 'PUT', '/keys/coins', lives, 404, 'No key named "coins" in the draft.'],
      [
        'event ending before it starts',
        'POST',
        '/events',
        { ...halloween, endsAt: '2026-10-29T00:00:00Z' },
        400,
        'The end must be after the start',
      ],
      [
        'event of an unknown key',
        'POST',
        '/events',
        { ...halloween, overrides: [{ key: 'coins', value: 5 }] },
        400,
        'There is no key coins to override',
      ],
      [
        'event with a local time',
        'POST',
        '/events',
        { ...halloween, startsAt: '2026-10-30T00:00:00+02:00' },
        400,
        'UTC date-time',
      ],
      ['unknown event', 'PUT', '/events/nope', halloween, 404, 'This live event is not in the draft.'],
      ['note of 10 kB', 'POST', '/publish', { note: 'a'.repeat(10_000) }, 400, ''],
    ];
    for (const [label, method, path, body, status, message] of cases) {
      const response = await live.call(tokens.owner, method, path, body);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      const answer = response.json<{ message: string; issues?: { message: string }[] }>();
      expect([answer.message, ...(answer.issues ?? []).map((issue) => issue.message)].join('\n'), label).toContain(
        message,
      );
    }
    expect(await draft()).toEqual(before);
    const missing = await t.app.inject({
      method: 'GET',
      url: `${live.base}/versions/0`,
      headers: { authorization: `Bearer ${tokens.owner}` },
    });
    expect(missing.statusCode).toBe(400);
    expect((await live.call(tokens.owner, 'GET', '/versions/7')).json()).toEqual({
      code: 'LIVE_VERSION_NOT_FOUND',
      message: 'Version 7 does not exist.',
    });
  });

  it('keeps every version, diffs any against the current one and rolls back as a new version: the audit list', async () => {
    await live.ok(live.call(tokens.owner, 'POST', '/keys', lives), 201);
    await live.ok(live.call(tokens.owner, 'POST', '/publish', { note: 'v1' }), 201);
    const rule = { conditions: [{ kind: 'country', values: ['de'] }], rollout: null, value: 4 };
    await live.ok(live.call(tokens.admin, 'PUT', '/keys/lives', { ...lives, rules: [rule] }));
    await live.ok(
      live.call(tokens.admin, 'POST', '/keys', { name: 'welcome', type: 'string', defaultValue: 'Hi' }),
      201,
    );
    const event = await live.ok<LiveEvent>(live.call(tokens.admin, 'POST', '/events', halloween), 201);
    await live.ok(live.call(tokens.admin, 'POST', '/publish', {}), 201);

    const diff = await live.ok<LiveDiff>(live.call(tokens.member, 'GET', '/versions/1/diff'));
    expect(diff).toMatchObject({ from: 1, to: 2 });
    expect(diff.keys.map((change) => [change.name, change.change])).toEqual([
      ['lives', 'changed'],
      ['welcome', 'added'],
    ]);
    expect(diff.keys[0]).toMatchObject({
      fields: [],
      rules: [
        { change: 'added', after: { index: 0, rule: { conditions: [{ kind: 'country', values: ['DE'] }], value: 4 } } },
      ],
    });
    expect(diff.events).toEqual([{ id: event.id, name: 'Halloween', change: 'added', after: event }]);

    const rolledBack = await live.ok<LiveVersionSummary>(live.call(tokens.owner, 'POST', '/versions/1/rollback'), 201);
    expect(rolledBack).toMatchObject({
      version: 3,
      action: 'rollback',
      rolledBackTo: 1,
      note: 'Rollback to version 1',
      publishedBy: 'ada@pixel.example',
      keys: 1,
      events: 0,
    });
    const version1 = await live.ok<LiveVersion>(live.call(tokens.member, 'GET', '/versions/1'));
    expect(await draft()).toMatchObject({
      keys: version1.snapshot.keys,
      events: [],
      publishedVersion: 3,
      unpublishedChanges: false,
    });
    expect((await live.ok<LiveDiff>(live.call(tokens.member, 'GET', '/versions/1/diff'))).keys).toEqual([]);
    expect(
      (await live.ok<LiveDiff>(live.call(tokens.member, 'GET', '/versions/2/diff?against=draft'))).keys.map(
        (change) => change.change,
      ),
    ).toEqual(['changed', 'removed']);

    const history = await live.ok<LiveVersionList>(live.call(tokens.member, 'GET', '/versions'));
    expect(history.current).toBe(3);
    expect(
      history.versions.map(({ version, action, note, publishedBy, keys, events }) => ({
        version,
        action,
        note,
        publishedBy,
        keys,
        events,
      })),
    ).toEqual([
      {
        version: 3,
        action: 'rollback',
        note: 'Rollback to version 1',
        publishedBy: 'ada@pixel.example',
        keys: 1,
        events: 0,
      },
      { version: 2, action: 'publish', note: '', publishedBy: 'grace@pixel.example', keys: 2, events: 1 },
      { version: 1, action: 'publish', note: 'v1', publishedBy: 'ada@pixel.example', keys: 1, events: 0 },
    ]);
    expect((await live.call(tokens.owner, 'POST', '/versions/9/rollback')).statusCode).toBe(404);
  });

  it('says which live events override a key before deleting it, and removes those overrides when confirmed', async () => {
    await live.ok(live.call(tokens.owner, 'POST', '/keys', lives), 201);
    await live.ok(live.call(tokens.owner, 'POST', '/keys', { name: 'coins', type: 'number', defaultValue: 100 }), 201);
    const event = await live.ok<LiveEvent>(
      live.call(tokens.owner, 'POST', '/events', {
        ...halloween,
        overrides: [
          { key: 'lives', value: 5 },
          { key: 'coins', value: 200 },
        ],
      }),
      201,
    );
    await live.ok(live.call(tokens.owner, 'POST', '/publish', { note: 'Halloween' }), 201);
    // Gone from the draft's event, still in the published one: still named.
    await live.ok(
      live.call(tokens.owner, 'PUT', `/events/${event.id}`, {
        ...halloween,
        name: 'Halloween 2026',
        overrides: [{ key: 'coins', value: 200 }],
      }),
    );

    const refused = await live.call(tokens.owner, 'DELETE', '/keys/lives');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'LIVE_KEY_IN_USE',
      message:
        '"lives" is overridden by the live event "Halloween". Delete it with confirm=true to remove those overrides from the draft too.',
    });
    expect((await live.call(tokens.owner, 'DELETE', '/keys/coins')).json<{ message: string }>().message).toContain(
      'the live events "Halloween 2026", "Halloween"',
    );

    expect((await live.call(tokens.owner, 'DELETE', '/keys/coins?confirm=true')).statusCode).toBe(204);
    const after = await draft();
    expect(after.keys.map((key) => key.name)).toEqual(['lives']);
    expect(after.events[0]?.overrides).toEqual([]);
    expect((await live.call(tokens.owner, 'DELETE', '/keys/coins')).statusCode).toBe(404);
    expect((await live.call(tokens.owner, 'DELETE', `/events/${event.id}`)).statusCode).toBe(204);
    expect((await draft()).events).toEqual([]);
  });
});
