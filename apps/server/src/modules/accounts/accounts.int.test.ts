import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { refresh, signInByLink } from '../../../test/identity-helpers';
import { core, hostileText, signUp } from '../../../test/organisation-helpers';
import { accounts, identityUsers } from '../../db/schema';

const inactive = { code: 'ACCOUNT_INACTIVE', message: 'Your account is inactive. Please contact support.' };

describe.each(databaseTargets)('accounts on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeEach(async () => {
    t = await createTestApp(target);
  });
  afterEach(async () => t.close());

  const accountRow = async (id: string) => (await t.database.db.select().from(accounts).where(eq(accounts.id, id)))[0];

  it('registers the signed-in user once; registering again answers the same account', async () => {
    const { session } = await signInByLink(t.app, 'ada@studio.example');
    const first = await core(t.app, session.idToken, 'POST', '/core/accounts/register');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id: session.user.uid, firstName: null, lastName: null, name: null, isActive: true });
    const again = await core(t.app, session.idToken, 'POST', '/core/accounts/register');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await t.database.db.select().from(accounts)).toHaveLength(1);
    expect((await core(t.app, null, 'POST', '/core/accounts/register')).statusCode).toBe(401);
  });

  it('takes the Google name only on first registration', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    await t.database.db
      .update(identityUsers)
      .set({ displayName: 'Grace Hopper' })
      .where(eq(identityUsers.id, user.userId));
    const again = await core(t.app, user.token, 'POST', '/core/accounts/register');
    expect(again.json()).toMatchObject({ firstName: null, lastName: null, name: null });
  });

  it('stores the name, answers it, and the next ID token carries it as `name`', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const response = await core(t.app, user.token, 'PUT', '/core/accounts/name', {
      firstName: '  Ada ',
      lastName: 'Lovelace  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' });
    const registered = await core(t.app, user.token, 'POST', '/core/accounts/register');
    expect(registered.json()).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', name: 'Ada Lovelace' });
    const refreshed = await refresh(t.app, user.refreshToken);
    const session = refreshed.json<{ idToken: string; user: { displayName: string } }>();
    expect(decodeJwt(session.idToken).name).toBe('Ada Lovelace');
    expect(session.user.displayName).toBe('Ada Lovelace');
  });

  it('accepts names of exactly 2 and 50 characters', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const response = await core(t.app, user.token, 'PUT', '/core/accounts/name', {
      firstName: 'Al',
      lastName: 'L'.repeat(50),
    });
    expect(response.statusCode).toBe(200);
  });

  it('25: hostile name input is a 4xx with the spec message, never a 500; right-to-left letters are names', async () => {
    const user = await signUp(t.app, 'ada@studio.example', { firstName: 'Grace', lastName: 'Hopper' });
    const put = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'PUT',
        url: '/core/accounts/name',
        headers: { authorization: `Bearer ${user.token}`, ...headers },
        payload: payload as string,
      });
    const cases: [string, unknown, Record<string, string>, number, string | undefined][] = [
      [
        'invalid JSON',
        '{"firstName": "Ada",',
        { 'content-type': 'application/json' },
        400,
        'The request body is not valid JSON.',
      ],
      ['a plain-text body', 'Ada Lovelace', { 'content-type': 'text/plain' }, 400, undefined],
      ['an unsupported content type', '<name/>', { 'content-type': 'application/xml' }, 415, undefined],
      ['wrong types', { firstName: 42, lastName: true }, {}, 400, undefined],
      ['an array', [{ firstName: 'Ada', lastName: 'Lovelace' }], {}, 400, undefined],
      [
        '10 kB',
        { firstName: hostileText.tenKb, lastName: 'Lovelace' },
        {},
        400,
        'First name must be less than 50 characters',
      ],
      ['1 MB', { firstName: 'Ada', lastName: hostileText.oneMb }, {}, 400, 'Last name must be less than 50 characters'],
      [
        'past the body limit',
        { firstName: 'a'.repeat(1_100_000), lastName: 'Lovelace' },
        {},
        413,
        'The request body is too large.',
      ],
      [
        'control characters',
        { firstName: hostileText.control, lastName: 'Lovelace' },
        {},
        400,
        'First name contains invalid characters',
      ],
      [
        'a header injection',
        { firstName: 'Ada', lastName: hostileText.newline },
        {},
        400,
        'Last name contains invalid characters',
      ],
      [
        'a right-to-left override',
        { firstName: hostileText.rightToLeftOverride, lastName: 'Lovelace' },
        {},
        400,
        'First name contains invalid characters',
      ],
      ['emoji', { firstName: 'Ada', lastName: hostileText.emoji }, {}, 400, 'Last name contains invalid characters'],
    ];
    for (const [label, payload, headers, status, message] of cases) {
      const response = await put(payload, headers);
      expect(response.statusCode, label).toBe(status);
      if (message) expect(response.json<{ message: string }>().message, label).toBe(message);
      expect(response.json<{ message: string }>().message, label).toEqual(expect.any(String));
    }
    expect(await accountRow(user.userId)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });

    const arabic = await put({ firstName: 'مريم', lastName: 'الحسن' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.json()).toEqual({ firstName: 'مريم', lastName: 'الحسن', name: 'مريم الحسن' });
  });

  it('refuses account calls before registering, and every call of an inactive account (register still answers)', async () => {
    const { session } = await signInByLink(t.app, 'ada@studio.example');
    const early = await core(t.app, session.idToken, 'PUT', '/core/accounts/name', {
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ code: 'ACCOUNT_NOT_REGISTERED', message: 'Please finish signing in first.' });

    const user = await signUp(t.app, 'grace@studio.example');
    await t.database.db.update(accounts).set({ isActive: false }).where(eq(accounts.id, user.userId));
    const registered = await core(t.app, user.token, 'POST', '/core/accounts/register');
    expect(registered.statusCode).toBe(200);
    expect(registered.json()).toMatchObject({ id: user.userId, isActive: false });
    const calls: [string, string, unknown?][] = [
      ['PUT', '/core/accounts/name', { firstName: 'Grace', lastName: 'Hopper' }],
      ['GET', '/core/orgs/info'],
      ['POST', '/core/orgs', { name: 'Pixel Forge' }],
      ['GET', '/core/orgs/members'],
      ['GET', '/core/orgs/invitations'],
      ['GET', '/core/invitations/pending'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await core(t.app, user.token, method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(inactive);
    }
  });
});
