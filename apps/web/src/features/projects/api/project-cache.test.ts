import { afterEach, describe, expect, it } from 'vitest';

import { clearSessionCaches, projectsCacheKey } from '../../../lib/session/account-cache';
import { dragonQuest, orcRaiders } from '../project-fixtures';
import { cachedProjectId } from './cached-project-id';
import { CACHED_PROJECTS_MAX, forgetCachedProject, readCachedProject, storeCachedProject } from './project-cache';

const hour = 60 * 60 * 1000;
const now = Date.parse('2026-11-21T12:00:00Z');
const acme = 'org-acme';

afterEach(() => {
  localStorage.clear();
});

describe('the 24-hour project cache', () => {
  it('answers a project stored for the same organisation and identifier, with when it was stored', () => {
    storeCachedProject(acme, dragonQuest, now - hour);
    expect(readCachedProject(acme, dragonQuest.identifier, now)).toEqual({ project: dragonQuest, cachedAt: now - hour });
    expect(readCachedProject(acme, orcRaiders.identifier, now)).toBeNull();
    // Another organisation's cache never answers (the same identifier cannot show another tenant's project).
    expect(readCachedProject('org-other', dragonQuest.identifier, now)).toBeNull();
  });

  it('expires each project 24 hours after it was stored', () => {
    storeCachedProject(acme, dragonQuest, now - 24 * hour);
    storeCachedProject(acme, orcRaiders, now - 24 * hour + 1);
    expect(readCachedProject(acme, dragonQuest.identifier, now)).toBeNull();
    expect(readCachedProject(acme, orcRaiders.identifier, now)).not.toBeNull();
    expect(readCachedProject(acme, orcRaiders.identifier, now + 1)).toBeNull();
  });

  it('forgets a project, and everything on sign-out', () => {
    storeCachedProject(acme, dragonQuest, now);
    storeCachedProject(acme, orcRaiders, now);
    forgetCachedProject(acme, dragonQuest.identifier, now);
    expect(readCachedProject(acme, dragonQuest.identifier, now)).toBeNull();
    expect(readCachedProject(acme, orcRaiders.identifier, now)).not.toBeNull();
    clearSessionCaches();
    expect(readCachedProject(acme, orcRaiders.identifier, now)).toBeNull();
  });

  it('keeps the latest version of a project, and only the projects opened last', () => {
    storeCachedProject(acme, dragonQuest, now);
    storeCachedProject(acme, { ...dragonQuest, name: 'Dragon Quest Mobile 2' }, now);
    expect(readCachedProject(acme, dragonQuest.identifier, now)?.project.name).toBe('Dragon Quest Mobile 2');
    for (let index = 0; index < CACHED_PROJECTS_MAX; index += 1) {
      storeCachedProject(acme, { ...orcRaiders, identifier: `orc-raiders-${index}` }, now);
    }
    expect(readCachedProject(acme, dragonQuest.identifier, now)).toBeNull();
    expect(readCachedProject(acme, 'orc-raiders-0', now)).not.toBeNull();
  });

  it.each([
    ['not JSON', '{oops'],
    ['a shape it does not know', JSON.stringify({ data: [{ organisationId: acme, project: { identifier: 'dragon-quest-mobile' }, cachedAt: now }], cachedAt: now })],
  ])('ignores %s', (_name, raw) => {
    localStorage.setItem(projectsCacheKey, raw);
    expect(readCachedProject(acme, dragonQuest.identifier, now)).toBeNull();
  });
});

describe('cachedProjectId: the same cache read without zod, for the calls sent ahead (ADR 024)', () => {
  it('answers the id readCachedProject would answer, for the same organisation, identifier and age', () => {
    storeCachedProject(acme, dragonQuest, now - 24 * hour);
    storeCachedProject(acme, orcRaiders, now - hour);
    expect(cachedProjectId(acme, orcRaiders.identifier, now)).toBe(orcRaiders.id);
    expect(cachedProjectId(acme, dragonQuest.identifier, now)).toBeNull();
    expect(cachedProjectId('org-other', orcRaiders.identifier, now)).toBeNull();
    expect(cachedProjectId(acme, orcRaiders.identifier, now + 23 * hour)).toBeNull();
    clearSessionCaches();
    expect(cachedProjectId(acme, orcRaiders.identifier, now)).toBeNull();
  });

  it.each([
    ['an id that is not a UUID', { ...dragonQuest, id: '../../orgs/info' }],
    ['no id', { ...dragonQuest, id: undefined }],
  ])('answers nothing for %s', (_name, project) => {
    localStorage.setItem(projectsCacheKey, JSON.stringify({ data: [{ organisationId: acme, project, cachedAt: now }], cachedAt: now }));
    expect(cachedProjectId(acme, dragonQuest.identifier, now)).toBeNull();
  });
});
