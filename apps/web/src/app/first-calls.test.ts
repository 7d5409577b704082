import { afterEach, describe, expect, it, vi } from 'vitest';

import { apiPaths } from '@questboard/shared/api-paths';

import { storeCachedProject } from '../features/projects/api/project-cache';
import { dragonQuest } from '../features/projects/project-fixtures';
import { accountCacheKey, organisationCacheKey, storeCached } from '../lib/session/account-cache';
import { testAccount, testOrganisation } from '../testing/test-auth-provider';
import { FIRST_RENDER_WAIT_MS, firstRenderAfter, matchRoute, overviewToPrefetch, sendFirstCallsAhead } from './first-calls';

const session = 'theme=dark; qb_session=1';

afterEach(() => {
  localStorage.clear();
});

describe('overviewToPrefetch (issue 20)', () => {
  const cacheBoth = () => {
    storeCached(accountCacheKey, testAccount);
    storeCached(organisationCacheKey, testOrganisation);
  };

  it('names the overview of a returning visitor, with the cached organisation', () => {
    cacheBoth();
    expect(overviewToPrefetch('/project/lost-levels/overview', session)).toEqual({ organisationId: testOrganisation.id, projectSlug: 'lost-levels' });
  });

  it.each([
    ['another page', '/project/lost-levels/dashboard', session],
    ['the projects list', '/', session],
    ['no session to restore', '/project/lost-levels/overview', 'theme=dark'],
  ])('leaves %s alone', (_name, pathname, cookie) => {
    cacheBoth();
    expect(overviewToPrefetch(pathname, cookie)).toBeNull();
  });

  it('waits for the lookups without a cached account or organisation', () => {
    storeCached(organisationCacheKey, testOrganisation);
    expect(overviewToPrefetch('/project/lost-levels/overview', session)).toBeNull();
    localStorage.clear();
    storeCached(accountCacheKey, testAccount);
    expect(overviewToPrefetch('/project/lost-levels/overview', session)).toBeNull();
  });
});

describe('sendFirstCallsAhead (issue 20, ADR 024 amendment 4)', () => {
  const overview = { pathname: `/project/${dragonQuest.identifier}/overview`, search: '?range=last-7&platform=ios' };
  const today = '2026-11-28';
  const view = { from: '2026-11-22', to: '2026-11-28' };

  const returningVisitor = () => {
    storeCached(accountCacheKey, testAccount);
    storeCached(organisationCacheKey, testOrganisation);
    storeCachedProject(testOrganisation.id, dragonQuest);
  };

  const send = async (location = overview, token: string | null = 'head-token', cookie = session) => {
    const sendAhead = vi.fn<(path: string, params: Record<string, string | number | boolean | undefined>, token: Promise<string | null>) => void>();
    const headToken = Promise.resolve(token);
    sendFirstCallsAhead({ sendAhead }, location, cookie, headToken, today);
    // Each call leaves with the head's token once it is there (ApiClient.sendAhead).
    for (const call of sendAhead.mock.calls) expect(call[2]).toBe(headToken);
    return Promise.all(sendAhead.mock.calls.map(async ([path, params, tokenPromise]) => [path, params, await tokenPromise] as const));
  };

  it("sends the overview's three calls for the URL's view with the head's token", async () => {
    returningVisitor();
    const analytics = apiPaths.analytics;
    expect(await send()).toEqual([
      [analytics.overview.url({ id: dragonQuest.id }), { ...view, granularity: 'day', platform: 'ios' }, 'head-token'],
      [analytics.events.url({ id: dragonQuest.id }), { ...view, granularity: 'day', platform: 'ios' }, 'head-token'],
      [analytics.filters.url({ id: dragonQuest.id }), view, 'head-token'],
    ]);
  });

  it('leaves the calls to the HTTP client, which sends nothing without a token from the head', async () => {
    returningVisitor();
    expect((await send(overview, null)).map((call) => call[2])).toEqual([null, null, null]);
  });

  it.each([
    ['without a session to restore', () => send(overview, 'head-token', 'theme=dark')],
    ['on another page', () => send({ ...overview, pathname: `/project/${dragonQuest.identifier}/players` })],
    ['for a project not in the cache', () => send({ ...overview, pathname: '/project/orc-raiders/overview' })],
  ])('sends nothing %s', async (_name, run) => {
    returningVisitor();
    expect(await run()).toEqual([]);
  });

  it('sends nothing without the cached organisation', async () => {
    returningVisitor();
    localStorage.removeItem(organisationCacheKey);
    expect(await send()).toEqual([]);
  });
});

describe('firstRenderAfter (issue 20)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const settledWithin = async (promise: Promise<void>, ms: number) => {
    let settled = false;
    void promise.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(ms);
    return settled;
  };

  it('renders at once when nothing is prefetched', async () => {
    vi.useFakeTimers();
    expect(await settledWithin(firstRenderAfter(false, new Promise(() => undefined)), 0)).toBe(true);
  });

  it('waits for the calls to leave, then renders', async () => {
    vi.useFakeTimers();
    let leave!: () => void;
    const render = firstRenderAfter(true, new Promise<void>((resolve) => (leave = resolve)));
    expect(await settledWithin(render, 40)).toBe(false);
    leave();
    expect(await settledWithin(render, 0)).toBe(true);
  });

  it('renders when the calls fail too', async () => {
    vi.useFakeTimers();
    expect(await settledWithin(firstRenderAfter(true, Promise.reject(new Error('offline'))), 0)).toBe(true);
  });

  it(`renders after ${FIRST_RENDER_WAIT_MS} ms at the latest, whatever the session does`, async () => {
    vi.useFakeTimers();
    const render = firstRenderAfter(true, new Promise(() => undefined));
    expect(await settledWithin(render, FIRST_RENDER_WAIT_MS - 1)).toBe(false);
    expect(await settledWithin(render, 1)).toBe(true);
  });
});

describe('matchRoute (ADR 024, amendment 5): react-router matchPath for the entry chunk', () => {
  const overview = '/project/:projectSlug/overview';

  it.each([
    ['/project/lost-levels/overview', { projectSlug: 'lost-levels' }],
    ['/project/lost-levels/overview/', { projectSlug: 'lost-levels' }],
    ['/PROJECT/lost-levels/Overview', { projectSlug: 'lost-levels' }],
    ['/project/l%C3%B6st/overview', { projectSlug: 'löst' }],
    ['/project/%E0%A4%A/overview', { projectSlug: '%E0%A4%A' }],
  ])('matches %s', (pathname, params) => {
    expect(matchRoute(overview, pathname)).toEqual(params);
  });

  it.each(['', '/', '/project/lost-levels', '/project//overview', '/project/lost-levels/players', '/project/lost-levels/overview/extra', 'project/lost-levels/overview'])(
    'leaves %j alone',
    (pathname) => {
      expect(matchRoute(overview, pathname)).toBeNull();
    },
  );
});
