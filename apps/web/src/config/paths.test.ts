import { describe, expect, it } from 'vitest';

import { paths, projectNavSections, projectPages } from './paths';

describe('paths', () => {
  it.each([
    ['login', paths.login.getHref(), '/login'],
    ['auth callback', paths.authCallback.getHref(), '/auth/callback'],
    ['access by code', paths.access.getHref({ code: 'abc 1' }), '/access/abc%201'],
    ['access by id', paths.access.getHref({ id: 'inv/7' }), '/access?id=inv%2F7'],
    ['create organisation', paths.createOrg.getHref(), '/create-org'],
    ['create organisation, manual', paths.createOrg.getHref({ manual: true }), '/create-org?mode=manual'],
    ['project', paths.project.getHref('space game'), '/project/space%20game'],
    ['project page', projectPages.helpSupport.getHref('p1'), '/project/p1/help-support'],
  ])('%s → %s', (_name, href, expected) => {
    expect(href).toBe(expected);
  });
});

describe('projectNavSections', () => {
  it('holds every project page once, in the order of projectPages', () => {
    expect(projectNavSections.flatMap((section) => section.pages)).toEqual(Object.values(projectPages));
  });
});
