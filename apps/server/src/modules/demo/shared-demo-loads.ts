import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import { DEMO_PLAYERS_DEFAULT, type DemoDataStatus } from '@questboard/shared/developer';
import type { Db } from '../../db/database';
import { demoLoads } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { DEMO_DAYS, type DemoLoadOptions, type DemoLoadRegistry } from './demo-loads';
import { sendDemoPopulation } from './demo-sender';

/** A running load whose progress was not written for this long belongs to a process that died. */
export const demoLoadStaleMs = 30_000;
const stoppedByServer = 'The server loading the demo data stopped. Try again.';

interface LocalLoad {
  controller: AbortController;
  finished: Promise<void>;
  sentEvents: number;
}

/**
 * Demo loads known to every process through PostgreSQL (ADR 032). The process that started a load
 * runs it and writes its progress every `heartbeatMs`; any process answers its status. Removing the
 * demo data through another process asks the running one to stop (`stop_requested`), which it sees
 * at its next progress write, and waits until it has.
 */
export class SharedDemoLoads implements DemoLoadRegistry {
  readonly #local = new Map<string, LocalLoad>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly heartbeatMs = 1_000,
  ) {}

  async status(projectId: string): Promise<Omit<DemoDataStatus, 'demoEvents'>> {
    const [row] = await this.db.select().from(demoLoads).where(eq(demoLoads.projectId, projectId));
    if (!row) return { state: 'idle', players: 0, sentEvents: 0, error: null };
    if (row.state === 'running' && this.isStale(row.heartbeatAt)) {
      return { state: 'failed', players: row.players, sentEvents: row.sentEvents, error: stoppedByServer };
    }
    return { state: row.state, players: row.players, sentEvents: row.sentEvents, error: row.error };
  }

  /** Whether this process runs the project's load. */
  isRunningHere(projectId: string): boolean {
    return this.#local.has(projectId);
  }

  async isRunning(projectId: string): Promise<boolean> {
    return (await this.status(projectId)).state === 'running';
  }

  private isStale(heartbeatAt: Date) {
    return this.clock.now().getTime() - heartbeatAt.getTime() > demoLoadStaleMs;
  }

  async start(projectId: string, options: DemoLoadOptions): Promise<boolean> {
    const now = this.clock.now();
    const players = options.players ?? DEMO_PLAYERS_DEFAULT;
    const loadId = randomUUID();
    const fresh = { loadId, state: 'running' as const, players, sentEvents: 0, error: null, stopRequested: null, heartbeatAt: now };
    // One statement decides, whichever processes start at once: a running, live load is not replaced.
    const claimed = await this.db
      .insert(demoLoads)
      .values({ projectId, ...fresh })
      .onConflictDoUpdate({
        target: demoLoads.projectId,
        set: fresh,
        setWhere: or(ne(demoLoads.state, 'running'), lt(demoLoads.heartbeatAt, new Date(now.getTime() - demoLoadStaleMs))),
      })
      .returning({ projectId: demoLoads.projectId });
    if (claimed.length === 0) return false;

    const controller = new AbortController();
    const load: LocalLoad = { controller, finished: Promise.resolve(), sentEvents: 0 };
    this.#local.set(projectId, load);
    const beat = async () => {
      const [row] = await this.db
        .update(demoLoads)
        .set({ sentEvents: load.sentEvents, heartbeatAt: this.clock.now() })
        .where(and(eq(demoLoads.projectId, projectId), eq(demoLoads.loadId, loadId), eq(demoLoads.state, 'running')))
        .returning({ stopRequested: demoLoads.stopRequested });
      // Asked to stop by another process, taken over by another start (this process's heartbeats had
      // gone stale), or the row is gone (the project was deleted).
      if (row?.stopRequested !== null) controller.abort();
    };
    const timer = setInterval(() => void beat().catch((error: unknown) => options.log(error)), this.heartbeatMs);
    timer.unref();
    const sending = sendDemoPopulation({
      post: options.post,
      key: options.key,
      players,
      days: DEMO_DAYS,
      end: options.end,
      seed: 1,
      signal: controller.signal,
      onProgress: (sent) => {
        load.sentEvents = sent;
      },
    });
    load.finished = sending
      .then(
        () => ({ state: 'done' as const, error: null }),
        (error: unknown) => {
          if (!controller.signal.aborted) options.log(error);
          return { state: 'failed' as const, error: controller.signal.aborted ? 'Stopped.' : 'Loading the demo data failed. Try again.' };
        },
      )
      .then(async (end) => {
        clearInterval(timer);
        await this.db
          .update(demoLoads)
          .set({ ...end, sentEvents: load.sentEvents, heartbeatAt: this.clock.now() })
          .where(and(eq(demoLoads.projectId, projectId), eq(demoLoads.loadId, loadId), eq(demoLoads.state, 'running')));
      })
      .catch((error: unknown) => options.log(error))
      .finally(() => {
        if (this.#local.get(projectId) === load) this.#local.delete(projectId);
      });
    return true;
  }

  async stop(projectId: string): Promise<void> {
    const local = this.#local.get(projectId);
    if (local) {
      local.controller.abort();
      await local.finished;
    } else {
      const asked = await this.db
        .update(demoLoads)
        .set({ stopRequested: this.clock.now() })
        .where(and(eq(demoLoads.projectId, projectId), eq(demoLoads.state, 'running'), isNull(demoLoads.stopRequested)))
        .returning({ projectId: demoLoads.projectId });
      if (asked.length > 0 || (await this.isRunning(projectId))) await this.waitUntilStopped(projectId);
    }
    await this.db.delete(demoLoads).where(eq(demoLoads.projectId, projectId));
  }

  /** Until the running process has seen the request and ended its load, or is known dead. */
  private async waitUntilStopped(projectId: string) {
    const deadline = Date.now() + demoLoadStaleMs + 5 * this.heartbeatMs;
    while (Date.now() < deadline) {
      if (!(await this.isRunning(projectId))) return;
      await new Promise((resolve) => setTimeout(resolve, Math.min(200, this.heartbeatMs)));
    }
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.#local.keys()].map((projectId) => this.stop(projectId)));
  }
}
