import { afterEach, describe, expect, it } from 'vitest';

import { accountCacheKey, organisationCacheKey, storeCached } from '../lib/session/account-cache';
import { testAccount, testOrganisation } from '../testing/test-auth-provider';
import { overviewToPrefetch } from './first-page-prefetch';

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
