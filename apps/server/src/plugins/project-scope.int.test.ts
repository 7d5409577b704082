import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisationRoles, type OrganisationRole } from '@questboard/shared/organisations';
import { databaseTargets } from '../../test/databases';
import { createTestApp } from '../../test/test-app';
import { core, organisationWithEveryRole, signUpOwner } from '../../test/organisation-helpers';
import { createProject, description } from '../../test/project-helpers';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  'x-minimum-role'?: OrganisationRole;
  parameters?: { in: string; name: string; required?: boolean }[];
  requestBody?: unknown;
}

// Issue 19: every route under /core/projects/{id}, read from the OpenAPI document so a new route
// cannot be forgotten, refuses a non-member (404, docs/product/security-cases.md case 22) and a member below its
// declared role (403). A request must be valid to reach the scope (validation runs first), so the
// values below make it so; a new parameter or body without one fails here and says which.
const pathValues: Record<string, string> = {
  chartId: randomUUID(),
  keyId: randomUUID(),
  currency: 'EUR',
  userId: 'player-1',
  // A live key's name and an experiment's key alike (the experiments' keys have no dots).
  key: 'shop-discount',
  eventId: 'halloween',
  version: '1',
};
const liveEvent = {
  name: 'Halloween',
  startsAt: '2026-10-30T00:00:00Z',
  endsAt: '2026-11-02T00:00:00Z',
  conditions: [],
  overrides: [{ key: 'shop.discount', value: 0.3 }],
};
// Issue 16: an experiment's definition, for creating and changing one.
const experiment = {
  key: 'shop-discount',
  hypothesis: 'A discount raises payer conversion',
  variants: [
    { key: 'control', weight: 1 },
    { key: 'b', weight: 1, overrides: [{ key: 'shop.discount', value: 0.3 }] },
  ],
  audiencePercentage: 100,
  primaryMetric: { kind: 'payer-conversion', days: 7 },
  minimumDetectableEffect: 0.01,
  plannedPlayersPerVariant: 10000,
};
const queryValues: Record<string, string> = {
  from: '2026-11-10',
  to: '2026-11-16',
  // The funnel's steps and the step whose dropped players are asked for (issue 17).
  steps: JSON.stringify([{ event: 'level_start' }, { event: 'level_complete' }]),
  step: '2',
};
const bodies: Record<string, unknown> = {
  'PUT /core/projects/{id}': { name: 'Renamed', description: description() },
  'PUT /core/projects/{id}/currency': { reportingCurrency: 'EUR' },
  'PUT /core/projects/{id}/currency/rates/{currency}': { rate: 1.1 },
  'PUT /core/projects/{id}/data-settings': { eventRetentionDays: 30 },
  'POST /core/projects/{id}/ingest-keys': { name: 'Build server' },
  'POST /core/projects/{id}/demo-data': { players: 100 },
  'POST /core/projects/{id}/dashboard/charts': { title: 'Starts', chartType: 'line', query: { measure: 'count' } },
  'PUT /core/projects/{id}/dashboard/order': { chartIds: [] },
  'POST /core/projects/{id}/live/keys': { name: 'shop.discount', type: 'number', defaultValue: 0 },
  'PUT /core/projects/{id}/live/keys/{key}': { type: 'number', defaultValue: 0 },
  'POST /core/projects/{id}/live/events': liveEvent,
  'PUT /core/projects/{id}/live/events/{eventId}': liveEvent,
  'POST /core/projects/{id}/live/publish': { note: 'First' },
  'POST /core/projects/{id}/live/preview': { player: { userId: 'player-1' } },
  'POST /core/projects/{id}/experiments': experiment,
  'PUT /core/projects/{id}/experiments/{key}': experiment,
  'POST /core/projects/{id}/experiments/{key}/ship': { variant: 'b' },
};
const scope = '/core/projects/{id}';

/** The role just below `minimum`, or none when every member may. */
function roleBelow(minimum: OrganisationRole): OrganisationRole | undefined {
  return organisationRoles[organisationRoles.indexOf(minimum) + 1];
}

describe.each(databaseTargets)('the project scope on $name', (target) => {
  let t: TestApp;
  let projectId: string;
  const tokens = {} as Record<OrganisationRole | 'outsider', string>;

  beforeAll(async () => {
    t = await createTestApp(target);
    Object.assign(tokens, (await organisationWithEveryRole(t.app)).tokens);
    // An owner elsewhere: the highest role, in the wrong organisation.
    tokens.outsider = (await signUpOwner(t.app, 'eve@rival.example', 'Rival Games')).token;
    projectId = (await createProject(t.app, tokens.owner, 'Harvest Moonlight')).id;
  });
  afterAll(async () => t.close());

  function operations() {
    const paths = (t.app.swagger() as { paths: Record<string, Partial<Record<Lowercase<Method>, Operation>>> }).paths;
    return Object.entries(paths)
      .filter(([path]) => path === scope || path.startsWith(`${scope}/`))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          path,
          method: method.toUpperCase() as Method,
          operation,
        })),
      );
  }

  function requestOf(path: string, method: Method, operation: Operation) {
    const name = `${method} ${path}`;
    const url = path.replace(/\{(\w+)\}/g, (_, param: string) => {
      const value = param === 'id' ? projectId : pathValues[param];
      if (!value) throw new Error(`${name}: give the path parameter "${param}" a value in pathValues`);
      return encodeURIComponent(value);
    });
    const query = (operation.parameters ?? [])
      .filter((parameter) => parameter.in === 'query' && parameter.required)
      .map((parameter) => {
        const value = queryValues[parameter.name];
        if (!value)
          throw new Error(`${name}: give the required query parameter "${parameter.name}" a value in queryValues`);
        return `${parameter.name}=${encodeURIComponent(value)}`;
      });
    if (operation.requestBody !== undefined && !(name in bodies))
      throw new Error(`${name}: give it a valid body in bodies`);
    return { name, url: query.length > 0 ? `${url}?${query.join('&')}` : url, body: bodies[name] };
  }

  it('covers every route of a project, each with its minimum role declared', () => {
    const found = operations();
    // The 30 project routes there were at issue 19; more is fine, fewer means the document lost some.
    expect(found.length).toBeGreaterThanOrEqual(30);
    for (const { path, method, operation } of found) {
      expect(operation['x-minimum-role'], `${method} ${path} declares no minimum role`).toBeDefined();
    }
  });

  it('refuses a signed-out caller, a non-member and a member below the route’s role', async () => {
    for (const { path, method, operation } of operations()) {
      const { name, url, body } = requestOf(path, method, operation);
      const signedOut = await core(t.app, null, method, url, body);
      expect(signedOut.statusCode, `${name} signed out: ${signedOut.body}`).toBe(401);

      const outsider = await core(t.app, tokens.outsider, method, url, body);
      expect({ route: name, status: outsider.statusCode, body: outsider.json<unknown>() }).toEqual({
        route: name,
        status: 404,
        body: { code: 'PROJECT_NOT_FOUND', message: 'Project not found.' },
      });

      const below = roleBelow(operation['x-minimum-role'] ?? 'member');
      if (!below) continue;
      const refused = await core(t.app, tokens[below], method, url, body);
      expect({ route: name, status: refused.statusCode, code: refused.json<{ code: string }>().code }).toEqual({
        route: name,
        status: 403,
        code: 'INSUFFICIENT_ROLE',
      });
      expect(refused.json<{ message: string }>().message, name).toMatch(/^Only owners (and admins )?can .+\.$/);
    }
  });

  it('lets the owner through the scope on every route', async () => {
    for (const { path, method, operation } of operations()) {
      if (method !== 'GET') continue;
      const { name, url } = requestOf(path, method, operation);
      const response = await core(t.app, tokens.owner, method, url);
      // Reads of absent things (a player, a chart) are the route's own 404s, not the scope's.
      expect([200, 404], `${name}: ${response.body}`).toContain(response.statusCode);
      if (response.statusCode === 404)
        expect(response.json<{ code: string }>().code, name).not.toBe('PROJECT_NOT_FOUND');
    }
  });
});
