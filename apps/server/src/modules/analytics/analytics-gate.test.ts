import { describe, expect, it } from 'vitest';
import { AnalyticsBusyError, QueryGate } from './analytics-gate';

/** A piece of work that runs until the test releases it. */
function held() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  let started = false;
  return {
    work: async () => {
      started = true;
      await done;
      return 'done';
    },
    release: () => release(),
    get started() {
      return started;
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('QueryGate', () => {
  it('runs at most `running` at once, queues up to `queued`, and refuses one more with Retry-After', async () => {
    const gate = new QueryGate({ running: 2, queued: 1 });
    const [a, b, c] = [held(), held(), held()];
    const runA = gate.run(a.work);
    const runB = gate.run(b.work);
    const runC = gate.run(c.work);
    await settle();
    expect([a.started, b.started, c.started]).toEqual([true, true, false]);
    expect(gate.load).toEqual({ running: 2, queued: 1 });

    const refused = await gate.run(() => Promise.resolve('never')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AnalyticsBusyError);
    expect((refused as AnalyticsBusyError).retryAfterSeconds).toBeGreaterThan(0);

    a.release();
    await expect(runA).resolves.toBe('done');
    await settle();
    expect(c.started).toBe(true);
    expect(gate.load).toEqual({ running: 2, queued: 0 });
    b.release();
    c.release();
    await Promise.all([runB, runC]);
    expect(gate.load).toEqual({ running: 0, queued: 0 });
  });

  it('frees the slot of work that fails', async () => {
    const gate = new QueryGate({ running: 1, queued: 0 });
    await expect(gate.run(() => Promise.reject(new Error('query failed')))).rejects.toThrow('query failed');
    await expect(gate.run(() => Promise.resolve(1))).resolves.toBe(1);
    expect(gate.load).toEqual({ running: 0, queued: 0 });
  });
});
