import { describe, expect, it } from 'vitest';
import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import { AnalyticsBusyError, QueryGate } from './analytics-gate';
import { CachedMetrics } from './cached-metrics';
import type { ProjectMetrics } from './project-metrics';

const view = analyticsQuerySchema.parse({ from: '2026-01-01', to: '2026-01-30' });
const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * A store whose filter options answer with the data as it was when the computation started, and
 * whose computations the test can hold: enough to see what the cache serves and when.
 */
function fakeStore() {
  const versions = new Map<string, number>();
  const holds: (() => void)[] = [];
  const state = { computed: 0, hold: false, fail: false };
  const inner = {
    async filterOptions(projectId: string) {
      state.computed += 1;
      const seen = versions.get(projectId) ?? 0;
      if (state.hold) await new Promise<void>((resolve) => holds.push(resolve));
      if (state.fail) throw new Error('query failed');
      return { platform: [`${projectId}@${seen}`], country: [], app_version: [] };
    },
  } as unknown as ProjectMetrics;
  return {
    inner,
    state,
    version: (projectId: string) => versions.get(projectId) ?? 0,
    change: (projectId: string) => versions.set(projectId, (versions.get(projectId) ?? 0) + 1),
    releaseAll: () => holds.splice(0).forEach((release) => release()),
  };
}

describe('CachedMetrics', () => {
  it('answers the same question from memory until the project changes', async () => {
    const store = fakeStore();
    const metrics = new CachedMetrics(store.inner, { version: store.version });
    expect((await metrics.filterOptions('p1', view)).platform).toEqual(['p1@0']);
    expect((await metrics.filterOptions('p1', view)).platform).toEqual(['p1@0']);
    expect(store.state.computed).toBe(1);

    store.change('p1');
    expect((await metrics.filterOptions('p1', view)).platform).toEqual(['p1@1']);
    expect(store.state.computed).toBe(2);
    // Another project's change does not touch p1's answer; another question is computed on its own.
    store.change('p2');
    await metrics.filterOptions('p1', view);
    await metrics.filterOptions('p1', { ...view, to: '2026-01-31' });
    expect(store.state.computed).toBe(3);
  });

  it('computes identical questions asked at once only once', async () => {
    const store = fakeStore();
    const metrics = new CachedMetrics(store.inner, { version: store.version });
    store.state.hold = true;
    const answers = Promise.all([1, 2, 3].map(() => metrics.filterOptions('p1', view)));
    await settle();
    store.releaseAll();
    expect((await answers).map((answer) => answer.platform[0])).toEqual(['p1@0', 'p1@0', 'p1@0']);
    expect(store.state.computed).toBe(1);
  });

  it('never gives a question asked after a change an answer computed before it', async () => {
    const store = fakeStore();
    const metrics = new CachedMetrics(store.inner, { version: store.version });
    store.state.hold = true;
    const before = metrics.filterOptions('p1', view);
    await settle();
    store.change('p1'); // events committed while the first computation runs
    const after = metrics.filterOptions('p1', view);
    const alsoAfter = metrics.filterOptions('p1', view);
    await settle();
    store.releaseAll();
    await settle();
    store.releaseAll();
    expect((await before).platform).toEqual(['p1@0']);
    expect((await after).platform).toEqual(['p1@1']);
    expect((await alsoAfter).platform).toEqual(['p1@1']);
    expect(store.state.computed).toBe(2);
    // The later answer is the one kept.
    store.state.hold = false;
    expect((await metrics.filterOptions('p1', view)).platform).toEqual(['p1@1']);
    expect(store.state.computed).toBe(2);
  });

  it('serves a kept answer, or joins a running computation, at an older version when that is all a question needs', async () => {
    const store = fakeStore();
    let needed = 0;
    const metrics = new CachedMetrics(store.inner, { version: () => needed });
    expect((await metrics.filterOptions('p1', view)).platform).toEqual(['p1@0']);
    store.change('p1');
    store.change('p1');
    // Events streamed in while the rollups refresh: a read may be answered from version 0 still.
    expect((await metrics.filterOptions('p1', view)).platform).toEqual(['p1@0']);
    expect(store.state.computed).toBe(1);
    // Once it needs version 2, it is computed afresh, and questions needing less join it.
    needed = 2;
    store.state.hold = true;
    const fresh = metrics.filterOptions('p1', view);
    await settle();
    needed = 1;
    const joined = metrics.filterOptions('p1', view);
    await settle();
    store.releaseAll();
    expect((await fresh).platform).toEqual(['p1@2']);
    expect((await joined).platform).toEqual(['p1@2']);
    expect(store.state.computed).toBe(2);
  });

  it('tags a kept answer with the data its computation saw when the store says it was later', async () => {
    const store = fakeStore();
    let needed = 0;
    // The rollups the computation read had reached version 3 (a refresh ran between its start and its query).
    const metrics = new CachedMetrics(store.inner, { version: () => needed, seenAt: () => 3 });
    await metrics.filterOptions('p1', view);
    needed = 3;
    await metrics.filterOptions('p1', view);
    expect(store.state.computed).toBe(1);
    needed = 4;
    await metrics.filterOptions('p1', view);
    expect(store.state.computed).toBe(2);
  });

  it('keeps no failure, and forgets the least recently used answer beyond its size', async () => {
    const store = fakeStore();
    const metrics = new CachedMetrics(store.inner, { version: store.version, maxAnswers: 2 });
    store.state.fail = true;
    await expect(metrics.filterOptions('p1', view)).rejects.toThrow('query failed');
    store.state.fail = false;
    await metrics.filterOptions('p1', view);
    expect(store.state.computed).toBe(2);
    await metrics.filterOptions('p2', view);
    await metrics.filterOptions('p1', view); // p1 used last: p2 is the oldest now
    await metrics.filterOptions('p3', view);
    expect(store.state.computed).toBe(4);
    await metrics.filterOptions('p1', view);
    expect(store.state.computed).toBe(4);
    await metrics.filterOptions('p2', view);
    expect(store.state.computed).toBe(5);
  });

  it('refuses a new computation beyond the queue, but not a question that joins a queued one', async () => {
    const store = fakeStore();
    const metrics = new CachedMetrics(store.inner, { version: store.version, gate: new QueryGate({ running: 1, queued: 1 }) });
    store.state.hold = true;
    const running = metrics.filterOptions('p1', view);
    const queued = metrics.filterOptions('p2', view);
    const joined = metrics.filterOptions('p2', view);
    await expect(metrics.filterOptions('p3', view)).rejects.toBeInstanceOf(AnalyticsBusyError);
    await settle();
    store.releaseAll();
    await settle();
    store.releaseAll();
    expect((await running).platform).toEqual(['p1@0']);
    expect((await queued).platform).toEqual(['p2@0']);
    expect((await joined).platform).toEqual(['p2@0']);
    store.state.hold = false;
    expect((await metrics.filterOptions('p3', view)).platform).toEqual(['p3@0']);
    expect(store.state.computed).toBe(3);
  });
});
