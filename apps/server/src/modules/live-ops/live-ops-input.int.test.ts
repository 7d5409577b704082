import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveDraft, LiveVersionList } from '@questboard/shared/live-api';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { hostileText, organisationWithEveryRole } from '../../../test/organisation-helpers';
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

// Issue 15's management API (ADR 021) on both databases: bad input and hostile text answered with a
// 4xx and a clear message, never a 500, and nothing written (docs/product/security-cases.md case 25).
describe.each(databaseTargets)('live ops input on $name', (target) => {
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

  it('never answers 500 to hostile text or broken bodies in any write (docs/product/security-cases.md case 25)', async () => {
    await live.ok(live.call(tokens.owner, 'POST', '/keys', lives), 201);
    for (const [label, text] of Object.entries(hostileText)) {
      const writes: [string, 'POST' | 'PUT', string, unknown][] = [
        ['key name', 'POST', '/keys', { ...lives, name: text }],
        ['description', 'PUT', '/keys/lives', { ...lives, description: text }],
        ['string value', 'POST', '/keys', { name: `text-${label}`, type: 'string', defaultValue: text }],
        ['event name', 'POST', '/events', { ...halloween, name: text }],
        [
          'property condition',
          'PUT',
          '/keys/lives',
          {
            ...lives,
            rules: [
              { conditions: [{ kind: 'property', name: text, operator: 'eq', value: text }], rollout: null, value: 4 },
            ],
          },
        ],
        ['note', 'POST', '/publish', { note: text }],
        ['preview player', 'POST', '/preview', { player: { userId: text, properties: { [text.slice(0, 60)]: text } } }],
      ];
      for (const [field, method, path, body] of writes) {
        const response = await live.call(tokens.owner, method, path, body);
        expect(response.statusCode, `${label} in ${field}: ${response.body}`).toBeLessThan(500);
        expect(response.json<{ message?: unknown }>(), `${label} in ${field}`).toBeTypeOf('object');
        if (response.statusCode >= 400)
          expect(response.json<{ message: string }>().message.length, `${label} in ${field}`).toBeGreaterThan(0);
      }
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: `${live.base}/keys`,
      headers: { authorization: `Bearer ${tokens.owner}`, 'content-type': 'application/json' },
      payload: '{"name": "lives", ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ message: 'The request body is not valid JSON.' });
    const before = await live.ok<LiveVersionList>(live.call(tokens.owner, 'GET', '/versions'));
    const nul = await live.call(tokens.owner, 'POST', '/publish', { note: hostileText.control });
    expect(nul.json()).toMatchObject({
      message: 'The note must not contain NUL characters or broken Unicode (a lone surrogate)',
    });
    expect(await live.ok<LiveVersionList>(live.call(tokens.owner, 'GET', '/versions'))).toEqual(before);
    const wrongTypes = await live.call(tokens.owner, 'POST', '/keys', { name: 42, type: ['number'], rules: 'none' });
    expect(wrongTypes.statusCode).toBe(400);
  });
});
