// Query keys of the live-ops page (STYLE.md: a key factory per entity). Project ids are UUIDs,
// unique across organisations, so they alone scope the cache.
export const liveQueryKeys = {
  project: (projectId: string) => ['live-ops', projectId] as const,
  draft: (projectId: string) => [...liveQueryKeys.project(projectId), 'draft'] as const,
  versions: (projectId: string) => [...liveQueryKeys.project(projectId), 'versions'] as const,
  version: (projectId: string, version: number) => [...liveQueryKeys.project(projectId), 'version', version] as const,
  /** What changed from `version` to `current`: the current version is in the key, so a publish asks again. */
  diff: (projectId: string, version: number, current: number) => [...liveQueryKeys.project(projectId), 'diff', version, current] as const,
};
