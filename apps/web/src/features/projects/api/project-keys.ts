import type { ProjectSort } from '@questboard/shared/projects';

/** What a page of the project list shows: all of these live in the landing page's URL. */
export interface ProjectListParams {
  q: string;
  page: number;
  size: number;
  sort: ProjectSort;
}

// Query keys of the organisation's projects (STYLE.md: a key factory per entity). Keys carry the
// organisation's id, so switching organisation never shows another's cached projects.
export const projectKeys = {
  all: ['projects'] as const,
  organisation: (organisationId: string) => [...projectKeys.all, organisationId] as const,
  lists: (organisationId: string) => [...projectKeys.organisation(organisationId), 'list'] as const,
  list: (organisationId: string, params: ProjectListParams) => [...projectKeys.lists(organisationId), params] as const,
  everything: (organisationId: string) => [...projectKeys.organisation(organisationId), 'all'] as const,
  byIdentifier: (organisationId: string, identifier: string) =>
    [...projectKeys.organisation(organisationId), 'identifier', identifier] as const,
};
