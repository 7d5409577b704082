import { LATEST_EVENTS_DEFAULT } from '@questboard/shared/developer';

// Query keys of the developer page (STYLE.md: a key factory per entity). Project ids are UUIDs,
// unique across organisations, so they alone scope the cache.
export const developerKeys = {
  all: ['developer'] as const,
  project: (projectId: string) => [...developerKeys.all, projectId] as const,
  ingestKeys: (projectId: string) => [...developerKeys.project(projectId), 'ingest-keys'] as const,
  latestEvents: (projectId: string, limit = LATEST_EVENTS_DEFAULT) =>
    [...developerKeys.project(projectId), 'latest-events', limit] as const,
  /** Every limit of the latest events, for invalidation. */
  allLatestEvents: (projectId: string) => [...developerKeys.project(projectId), 'latest-events'] as const,
  demoData: (projectId: string) => [...developerKeys.project(projectId), 'demo-data'] as const,
};
