// Remote config in the client (issue 15): the values the server evaluated for this player, fetched at
// start and every few minutes, kept in the SDK's storage so a game offline at start still gets the
// last ones. Nothing here blocks or throws into the game: getConfig answers from memory at once.
import { backoffDelayMs } from './backoff';
import { liveConfigQuery, requestLiveConfig, type LivePlayer } from './live-request';
import type { EventContext } from './options';
import type { EventProperties, FetchLike, PersistedState, Timers } from './types';

export type ConfigListener = (values: Record<string, unknown>) => void;

export interface RemoteConfigSettings {
  /** `{endpoint}/live/v1/config`. */
  url: string;
  key: string;
  fetch: FetchLike;
  timers: Timers;
  now: () => number;
  random: () => number;
  refreshMs: number;
  context: EventContext;
}

export interface RemoteConfigHost {
  /** The client's state: the cache, the install date and the exposures live in it, saved with the rest. */
  readonly state: PersistedState;
  playerId(): string;
  markDirty(): void;
  warn(message: string): void;
  /** Queues an event, as `track` does (the `experiment_exposure` events); false when none can be queued any more. */
  track(name: string, properties: EventProperties): boolean;
}

/** Exposures remembered (player and experiment): far more than one player meets, bounded for a shared device. */
export const EXPOSURES_KEPT = 500;

type JsonKind = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'other';

function kindOf(value: unknown): JsonKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'object' || type === 'string' || type === 'number' || type === 'boolean' ? type : 'other';
}

/** YYYY-MM-DD in UTC, or undefined from a clock that gives no usable time. */
function utcDay(epochMs: number): string | undefined {
  const date = new Date(epochMs);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/** A copy, so a game changing what it was given never changes the cache. */
function copy<T>(value: T): T {
  return typeof value === 'object' && value !== null ? structuredClone(value) : value;
}

export class RemoteConfig {
  private readonly listeners = new Set<ConfigListener>();
  private properties: EventProperties = {};
  private running: Promise<void> | undefined;
  private queued: Promise<void> | undefined;
  private timer: unknown;
  private failures = 0;
  private refused = false;
  private stopped = false;
  private readonly mismatches = new Set<string>();

  constructor(
    private readonly settings: RemoteConfigSettings,
    private readonly host: RemoteConfigHost,
  ) {
    // The player's install date is the SDK's first start on this device (or in this storage).
    const today = utcDay(settings.now());
    if (host.state.installDate === undefined && today !== undefined) {
      host.state.installDate = today;
      host.markDirty();
    }
  }

  /**
   * The value the server gave for `key`, else `fallback`; also `fallback` when the value's JSON type
   * differs from it. Reading a key a running experiment controls exposes the player to it.
   */
  get<T>(key: string, fallback: T): T {
    this.expose(key);
    const values = this.host.state.liveConfig?.values;
    if (values === undefined || !Object.hasOwn(values, key)) return fallback;
    const value = values[key];
    if (fallback !== undefined && fallback !== null && kindOf(value) !== kindOf(fallback)) {
      if (!this.mismatches.has(key)) {
        this.mismatches.add(key);
        this.host.warn(`getConfig("${key}"): the value is ${kindOf(value)} but the fallback is ${kindOf(fallback)}; the fallback is used`);
      }
      return fallback;
    }
    return copy(value) as T;
  }

  /** The player's variant in each running experiment they are in, from the last answer. */
  experiments(): { key: string; variant: string }[] {
    return (this.host.state.liveConfig?.experiments ?? []).map(({ key, variant }) => ({ key, variant }));
  }

  /**
   * The first read of a key an experiment controls sends one `experiment_exposure` event per
   * experiment and player (docs/product/experiments.md#precedence); remembered in the saved state.
   */
  private expose(key: string): void {
    const experiments = this.host.state.liveConfig?.experiments;
    if (experiments === undefined || experiments.length === 0) return;
    const player = this.host.playerId();
    for (const experiment of experiments) {
      if (!experiment.keys.includes(key)) continue;
      const seen = `${player}\n${experiment.key}`;
      const exposures = (this.host.state.exposures ??= []);
      if (exposures.includes(seen)) continue;
      if (!this.host.track('experiment_exposure', { experiment: experiment.key, variant: experiment.variant })) return;
      exposures.push(seen);
      if (exposures.length > EXPOSURES_KEPT) exposures.splice(0, exposures.length - EXPOSURES_KEPT);
      this.host.markDirty();
    }
  }

  subscribe(listener: ConfigListener): () => void {
    const entry: ConfigListener = (values) => listener(values);
    this.listeners.add(entry);
    return () => this.listeners.delete(entry);
  }

  setProperties(properties: EventProperties | undefined): void {
    this.properties = properties ?? {};
  }

  /** Fetches now (after the request in flight, if any). Resolves when done; never rejects. */
  refresh(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running.then(() => {
        this.queued = undefined;
        return this.run();
      });
      return this.queued;
    }
    return this.run();
  }

  stop(): void {
    this.stopped = true;
    this.settings.timers.clearTimeout(this.timer);
  }

  private run(): Promise<void> {
    const running = this.fetchOnce().finally(() => {
      if (this.running === running) this.running = undefined;
    });
    this.running = running;
    return running;
  }

  private player(): LivePlayer {
    const { platform, country, app_version: appVersion } = this.settings.context;
    return {
      userId: this.host.playerId(),
      ...(platform === undefined ? {} : { platform }),
      ...(country === undefined ? {} : { country }),
      ...(appVersion === undefined ? {} : { appVersion }),
      properties: { ...(this.host.state.installDate === undefined ? {} : { install_date: this.host.state.installDate }), ...this.properties },
    };
  }

  /** A method, not a field: the flags change while a request is on its way. */
  private isActive(): boolean {
    return !this.stopped && !this.refused;
  }

  private async fetchOnce(): Promise<void> {
    if (!this.isActive()) return;
    this.settings.timers.clearTimeout(this.timer);
    const query = liveConfigQuery(this.player());
    const cached = this.host.state.liveConfig;
    const answer = await requestLiveConfig({
      ...this.settings,
      query,
      // An ETag names the answer for one query: another player or context starts afresh.
      etag: cached?.query === query ? cached.etag : undefined,
    });
    if (!this.isActive()) return;
    if (answer.kind === 'refused') {
      this.refused = true;
      this.host.warn(`the server refused the ingestion key for the live config (${answer.status}: ${answer.message}); the last values stay`);
      return;
    }
    if (answer.kind === 'failed') {
      if (this.failures === 0) this.host.warn(`could not fetch the live config (${answer.reason}); the last values stay and it is tried again`);
      this.schedule(Math.min(this.settings.refreshMs, backoffDelayMs(this.failures, this.settings.random)));
      this.failures += 1;
      return;
    }
    this.failures = 0;
    if (answer.kind === 'updated') {
      const changed = cached?.version !== answer.version || JSON.stringify(cached.values) !== JSON.stringify(answer.values);
      this.host.state.liveConfig = {
        query,
        version: answer.version,
        values: answer.values,
        experiments: answer.experiments,
        ...(answer.etag === undefined ? {} : { etag: answer.etag }),
      };
      this.host.markDirty();
      if (changed) this.notify(answer.values);
    }
    this.schedule(this.settings.refreshMs);
  }

  private schedule(delayMs: number): void {
    this.settings.timers.clearTimeout(this.timer);
    this.timer = this.settings.timers.setTimeout(() => void this.refresh(), delayMs);
  }

  private notify(values: Record<string, unknown>): void {
    for (const listener of this.listeners) {
      try {
        listener(copy(values));
      } catch (error) {
        this.host.warn(`an onConfigUpdated listener threw (${error instanceof Error ? error.message : String(error)}); the game goes on`);
      }
    }
  }
}
