import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ApiError } from '../../../lib/api-error';
import { type AppApiServer, startAppApiServer } from '../../../testing/app-api-server';
import { removeDemoDataAndWait } from './remove-demo-data';

const projectId = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const latest = `GET /core/projects/${projectId}/events/latest`;
const totals = (demoEvents: number) => ({ body: { events: [], summary: { totalEvents: demoEvents, demoEvents, lastReceivedAt: null } } });
const timedOut = () => Promise.reject(new ApiError('Network error', { isNetworkError: true, isTimeout: true }));

let server: AppApiServer;

beforeEach(async () => {
  server = await startAppApiServer();
});

afterEach(async () => {
  await server.close();
});

describe('removeDemoDataAndWait', () => {
  it('answers the count the server removed', async () => {
    server.routes({ [`DELETE /core/projects/${projectId}/demo-data`]: { body: { removedEvents: 1200 } } });
    await expect(removeDemoDataAndWait(projectId)).resolves.toEqual({ removedEvents: 1200 });
  });

  it('after a time-out, waits until the totals show no demo events (the server carries on)', async () => {
    let checks = 0;
    server.routes({ [latest]: () => (++checks < 3 ? totals(500) : totals(0)) });
    await expect(removeDemoDataAndWait(projectId, { remove: timedOut, checkEveryMs: 1 })).resolves.toEqual({ removedEvents: null });
    expect(server.calls()).toEqual([latest, latest, latest]);
    expect(server.requests[0]?.path).toBe(`/core/projects/${projectId}/events/latest?limit=1`);
  });

  it('gives up when the demo events stay', async () => {
    server.routes({ [latest]: totals(500) });
    await expect(removeDemoDataAndWait(projectId, { remove: timedOut, checkEveryMs: 1, giveUpAfterMs: 30 })).rejects.toThrow(
      'Removing the demo data is taking unusually long. Look again in a few minutes.',
    );
  });

  it('passes any other failure on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.routes({ [`DELETE /core/projects/${projectId}/demo-data`]: { status: 403, body: { code: 'FORBIDDEN', message: 'Not yours' } } });
    await expect(removeDemoDataAndWait(projectId)).rejects.toThrow('Not yours');
    expect(console.error).toHaveBeenCalledWith('Demo data removal failed', expect.any(ApiError));
    expect(server.calls()).toHaveLength(1);
  });
});
