import { DEMO_PLAYERS_DEFAULT, type DemoDataStatus } from '@questboard/shared/developer';
import type { IngestPost } from './demo-sender';
import { sendDemoPopulation } from './demo-sender';

export const DEMO_DAYS = 90;

/**
 * The population ends at the start of the current hour: loading it again within the hour sends the
 * same events (the same insert_ids), which the endpoint stores once.
 */
export function demoEnd(now: Date): Date {
  return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
}

export interface DemoLoadOptions {
  post: IngestPost;
  key: string;
  end: Date;
  players?: number;
  log: (error: unknown) => void;
}

/** Where demo loads are known: this process's memory, or PostgreSQL for several processes (ADR 032). */
export interface DemoLoadRegistry {
  status(projectId: string): Promise<Omit<DemoDataStatus, 'demoEvents'>>;
  isRunning(projectId: string): Promise<boolean>;
  /** Starts a load; false when one is already running for the project. */
  start(projectId: string, options: DemoLoadOptions): Promise<boolean>;
  /** Stops a running load (before its demo events are removed) and forgets the project. */
  stop(projectId: string): Promise<void>;
  /** Stops the loads this process runs (it is closing). */
  stopAll(): Promise<void>;
}

interface Load {
  state: 'running' | 'done' | 'failed';
  players: number;
  sentEvents: number;
  error: string | null;
  controller: AbortController;
  finished: Promise<void>;
}

/** Demo loads in progress or finished, one per project, kept in memory while the server runs. */
export class DemoLoads implements DemoLoadRegistry {
  private readonly loads = new Map<string, Load>();

  async status(projectId: string): Promise<Omit<DemoDataStatus, 'demoEvents'>> {
    const load = this.loads.get(projectId);
    if (!load) return { state: 'idle', players: 0, sentEvents: 0, error: null };
    return { state: load.state, players: load.players, sentEvents: load.sentEvents, error: load.error };
  }

  async isRunning(projectId: string): Promise<boolean> {
    return this.loads.get(projectId)?.state === 'running';
  }

  async start(projectId: string, options: DemoLoadOptions): Promise<boolean> {
    if (await this.isRunning(projectId)) return false;
    const controller = new AbortController();
    const players = options.players ?? DEMO_PLAYERS_DEFAULT;
    const load: Load = { state: 'running', players, sentEvents: 0, error: null, controller, finished: Promise.resolve() };
    this.loads.set(projectId, load);
    load.finished = sendDemoPopulation({
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
    }).then(
      () => {
        load.state = 'done';
      },
      (error: unknown) => {
        load.state = 'failed';
        load.error = controller.signal.aborted ? 'Stopped.' : 'Loading the demo data failed. Try again.';
        if (!controller.signal.aborted) options.log(error);
      },
    );
    return true;
  }

  async stop(projectId: string) {
    const load = this.loads.get(projectId);
    if (!load) return;
    load.controller.abort();
    await load.finished;
    this.loads.delete(projectId);
  }

  async stopAll() {
    await Promise.all([...this.loads.keys()].map((projectId) => this.stop(projectId)));
  }
}
