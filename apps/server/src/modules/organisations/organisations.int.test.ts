import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { databaseTargets } from '../../../test/databases';
import { createTestApp } from '../../../test/test-app';
import { refresh } from '../../../test/identity-helpers';
import { core, hostileText, signUp, signUpOwner } from '../../../test/organisation-helpers';
import { manualClock } from '../../lib/clock';
import { memberships, organisations } from '../../db/schema';

describe.each(databaseTargets)('organisations on $name', (target) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock();
    t = await createTestApp(target, { clock });
  });
  afterEach(async () => t.close());

  const createOrganisation = (token: string, payload: unknown) => core(t.app, token, 'POST', '/core/orgs', payload);
  const allOrganisations = () => t.database.db.select().from(organisations);

  it('answers 404 before the user has an organisation, then creates one with the caller as owner', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const none = await core(t.app, user.token, 'GET', '/core/orgs/info');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      code: 'ORGANISATION_NOT_FOUND',
      message: 'You do not belong to an organisation yet.',
    });

    const created = await createOrganisation(user.token, { name: '  Pixel Forge  ' });
    expect(created.statusCode).toBe(201);
    const organisation = created.json<{ id: string }>();
    expect(organisation).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      name: 'Pixel Forge',
      isActive: true,
      role: 'owner',
      createdAt: clock.now().toISOString(),
      memberCount: 1,
    });
    const info = await core(t.app, user.token, 'GET', '/core/orgs/info');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual(organisation);
    expect(await t.database.db.select().from(memberships)).toEqual([
      { organisationId: organisation.id, userId: user.userId, role: 'owner', createdAt: clock.now() },
    ]);
  });

  it('refuses a second organisation for the same user, also when two requests race', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const racing = await Promise.all([
      createOrganisation(user.token, { name: 'Pixel Forge' }),
      createOrganisation(user.token, { name: 'Other' }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const again = await createOrganisation(user.token, { name: 'Third Studio' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_IN_ORGANISATION' });
    expect(await allOrganisations()).toHaveLength(1);
  });

  it('the next token refresh carries org_id and org_role', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const before = await refresh(t.app, user.refreshToken);
    expect(decodeJwt(before.json<{ idToken: string }>().idToken).org_id).toBeUndefined();
    const next = before.cookies.find((c) => c.name === 'qb_refresh')!.value;
    const { id } = (await createOrganisation(user.token, { name: 'Pixel Forge' })).json<{ id: string }>();
    const after = await refresh(t.app, next);
    expect(decodeJwt(after.json<{ idToken: string }>().idToken)).toMatchObject({ org_id: id, org_role: 'owner' });
  });

  it.each([
    [{}, 'Organisation name is required'],
    [{ name: null }, 'Organisation name is required'],
    [{ name: '   ' }, 'Organisation name is required'],
    [{ name: ' P ' }, 'Organisation name must be at least 2 characters'],
    [{ name: 'P'.repeat(101) }, 'Organisation name must be less than 100 characters'],
    [{ name: 'Pixel <Forge>' }, 'Organisation name contains invalid characters'],
    [{ name: 'Pixel/Forge' }, 'Organisation name contains invalid characters'],
  ])('refuses the organisation %j with the message of docs/product/rules-and-messages.md#validation', async (body, message) => {
    const user = await signUp(t.app, 'ada@studio.example');
    const response = await createOrganisation(user.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(await allOrganisations()).toHaveLength(0);
  });

  it('accepts names of 2 and 100 characters with every allowed sign', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const name = "Café Nº 1 (Studio) & Co., Ltd's_-";
    expect((await createOrganisation(user.token, { name })).json()).toMatchObject({ name });
    const other = await signUp(t.app, 'grace@studio.example');
    expect((await createOrganisation(other.token, { name: 'P'.repeat(100) })).statusCode).toBe(201);
    const third = await signUp(t.app, 'alan@studio.example');
    expect((await createOrganisation(third.token, { name: 'PF' })).statusCode).toBe(201);
  });

  it('25: hostile organisation input is a 4xx with the spec message, never a 500', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const cases: [string, unknown, number, string | undefined][] = [
      ['invalid JSON', '{"name":', 400, 'The request body is not valid JSON.'],
      ['a number', { name: 12 }, 400, undefined],
      ['an object', { name: { $ne: '' } }, 400, undefined],
      ['10 kB', { name: hostileText.tenKb }, 400, 'Organisation name must be less than 100 characters'],
      ['1 MB', { name: hostileText.oneMb }, 400, 'Organisation name must be less than 100 characters'],
      ['past the body limit', { name: 'a'.repeat(1_100_000) }, 413, 'The request body is too large.'],
      ['control characters', { name: hostileText.control }, 400, 'Organisation name contains invalid characters'],
      ['a header injection', { name: hostileText.newline }, 400, 'Organisation name contains invalid characters'],
      [
        'a right-to-left override',
        { name: hostileText.rightToLeftOverride },
        400,
        'Organisation name contains invalid characters',
      ],
      ['emoji', { name: hostileText.emoji }, 400, 'Organisation name contains invalid characters'],
    ];
    for (const [label, payload, status, message] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/core/orgs',
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
      });
      expect(response.statusCode, label).toBe(status);
      if (message) expect(response.json<{ message: string }>().message, label).toBe(message);
    }
    expect(await allOrganisations()).toHaveLength(0);
    const arabic = await createOrganisation(user.token, { name: 'استوديو البكسل ٣' });
    expect(arabic.statusCode).toBe(201);
    expect(arabic.json()).toMatchObject({ name: 'استوديو البكسل ٣' });
  });

  it('needs an organisation for organisation calls, and refuses them while it is inactive (info still answers)', async () => {
    const user = await signUp(t.app, 'ada@studio.example');
    const required = await core(t.app, user.token, 'GET', '/core/orgs/members');
    expect(required.statusCode).toBe(403);
    expect(required.json()).toEqual({
      code: 'ORGANISATION_REQUIRED',
      message: 'Create or join an organisation first.',
    });

    const { id } = (await createOrganisation(user.token, { name: 'Pixel Forge' })).json<{ id: string }>();
    await t.database.db.update(organisations).set({ isActive: false }).where(eq(organisations.id, id));
    const info = await core(t.app, user.token, 'GET', '/core/orgs/info');
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ id, isActive: false });
    const calls: [string, string, unknown?][] = [
      ['GET', '/core/orgs/members'],
      ['GET', '/core/orgs/invitations'],
      ['POST', '/core/orgs/invitations', { email: 'grace@studio.example', role: 'member' }],
      ['PUT', `/core/orgs/members/${user.userId}`, { role: 'admin' }],
      ['DELETE', `/core/orgs/members/${user.userId}`],
      ['POST', '/core/orgs/leave'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await core(t.app, user.token, method, url, payload);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({
        code: 'ORGANISATION_INACTIVE',
        message: 'Your organisation is inactive. Please contact support.',
      });
    }
  });

  it('documents every /core route in the OpenAPI document with bearer security (the code look-up is public)', async () => {
    await signUpOwner(t.app, 'ada@studio.example', 'Pixel Forge');
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[]; tags?: string[] }>>;
    }>();
    const core = Object.entries(document.paths).filter(([path]) => path.startsWith('/core/'));
    expect(core.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/core/accounts/register',
        '/core/orgs',
        '/core/orgs/members/{userId}',
        '/core/invitations/{id}/accept',
      ]),
    );
    for (const [path, operations] of core) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        const expected = path === '/core/invitations/by-code/{code}' ? [] : [{ bearerAuth: [] }];
        expect(operation.security, `${method} ${path}`).toEqual(expected);
      }
    }
  });
});
