import { afterEach, describe, expect, it, vi } from 'vitest';

import { accountCacheKey, organisationCacheKey, storeCached } from '../lib/session/account-cache';
import { testAccount, testOrganisation } from '../testing/test-auth-provider';
import { FIRST_RENDER_WAIT_MS, firstRenderAfter, overviewToPrefetch } from './first-page-prefetch';

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
