// Issue 20: a returning visitor's project starts from the 24-hour cache and is looked up once in the
// background; what the lookup answers replaces it, and a project the server no longer has is forgotten.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { createQueryClient } from '../../../lib/query-client';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { dragonQuest } from '../project-fixtures';
import { readCachedProject, storeCachedProject } from './project-cache';
import { useProject } from './get-project-by-identifier';

const acme = 'org-acme';
let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  await server.close();
});

function renderProject() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useProject(acme, dragonQuest.identifier), { wrapper });
}

describe('useProject', () => {
  it('shows the cached project at once, then what the lookup answers', async () => {
    storeCachedProject(acme, { ...dragonQuest, name: 'Dragon Quest (old name)' }, Date.now() - 60_000);
    server.routes({ 'GET /core/projects/info': { body: dragonQuest } });
    const { result } = renderProject();
    expect(result.current.data?.name).toBe('Dragon Quest (old name)');
    await waitFor(() => expect(result.current.data?.name).toBe(dragonQuest.name));
    expect(server.calls()).toEqual(['GET /core/projects/info']);
    expect(readCachedProject(acme, dragonQuest.identifier)?.project.name).toBe(dragonQuest.name);
  });

  it('looks the project up and caches it when nothing is cached', async () => {
    server.routes({ 'GET /core/projects/info': { body: dragonQuest } });
    const { result } = renderProject();
    expect(result.current.data).toBeUndefined();
    await waitFor(() => expect(result.current.data).toEqual(dragonQuest));
    expect(readCachedProject(acme, dragonQuest.identifier)?.project).toEqual(dragonQuest);
  });

  it('forgets a cached project the server no longer has', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storeCachedProject(acme, dragonQuest, Date.now() - 60_000);
    server.routes({ 'GET /core/projects/info': { status: 404, body: { code: 'NOT_FOUND', message: 'Project not found' } } });
    const { result } = renderProject();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(readCachedProject(acme, dragonQuest.identifier)).toBeNull();
  });
});
