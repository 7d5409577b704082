import type { EventSummary } from '@questboard/shared/developer';
import type { IngestEvent, StoredEvent } from '@questboard/shared/events';
import type { ProjectMetrics } from '../analytics/project-metrics';

/** A validated event on its way into the store, with what the server adds to it. */
export interface NewEvent extends IngestEvent {
  receivedAt: Date;
  /** Sent with a demo key: shown as demo data and removable as a whole. */
  demo: boolean;
  /** `timestamp` as epoch milliseconds, when the caller has already read it (ingestion has). */
  timeMs?: number;
}

/**
 * Where analytics events live. Callers speak in projects and events only, never in SQL, so a
 * ClickHouse implementation (ADR 008) can replace the embedded DuckDB one without touching them.
 * Every method is scoped to one project: there is no call that reads across projects.
 */
export interface EventStore {
  readonly kind: string;
  /** The analytics pages' figures, computed by the store (issue 8, ADR 010). */
  readonly metrics: ProjectMetrics;
  /**
   * Stores the events; resolves only once they are durable. An `insert_id` the project already
   * holds is skipped, so a retried batch is stored once. Rejects with `EventStoreBusyError` when the
   * write queue is full (back-pressure), and stores nothing of that call then.
   */
  append(projectId: string, events: readonly NewEvent[]): Promise<void>;
  /** The most recently received events, newest first. */
  latest(projectId: string, limit: number): Promise<StoredEvent[]>;
  summary(projectId: string): Promise<EventSummary>;
  /**
   * Per experiment key, the distinct players with an `experiment_exposure` event whose
   * `properties.experiment` is that key (ADR 029): one query for all the keys; keys without any are left out.
   */
  exposedPlayers(projectId: string, experimentKeys: readonly string[]): Promise<Map<string, number>>;
  /** Removes the project's demo events; answers how many. */
  deleteDemo(projectId: string): Promise<number>;
  /** Removes everything the project holds (the project is being deleted). */
  deleteProject(projectId: string): Promise<void>;
  /** Removes all of the project's events and answers how many; the project stays. */
  deleteAll(projectId: string): Promise<number>;
  /** Removes the events that happened before `cutoff` (data retention); answers how many. */
  deleteBefore(projectId: string, cutoff: Date): Promise<number>;
  /** What the project ingested: by UTC day of receipt from `from`, and its players this month. */
  usage(projectId: string, window: UsageWindow): Promise<ProjectUsage>;
  /** Bytes the store occupies on disk, all projects together. */
  sizeBytes(): Promise<number>;
  /** Throws unless the store can answer queries (readiness). */
  ping(): Promise<void>;
  /** Writes what is queued, then closes. */
  close(): Promise<void>;
}

export interface UsageWindow {
  /** First UTC day of the daily series. */
  from: Date;
  /** Start of the current UTC calendar month. */
  monthStart: Date;
}

export interface ProjectUsage {
  storedEvents: number;
  /** Events received this month (what a quota counts). */
  eventsThisMonth: number;
  /** Distinct players with an event this month. */
  monthlyActivePlayers: number;
  /** Events received per UTC day from `from`, days without events left out. */
  daily: { day: string; events: number }[];
}

/** The write queue is full: the client should retry after `retryAfterSeconds`. */
export class EventStoreBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The event store is busy');
    this.name = 'EventStoreBusyError';
  }
}
