import type { AnalyticsQuery, RetentionQuery } from '@questboard/shared/analytics-view';
import type { ExploreQuery } from '@questboard/shared/analytics-explore';
import type { LevelsQuery } from '@questboard/shared/analytics-levels';
import type { EconomyQuery } from '@questboard/shared/analytics-economy';
import type { FunnelPlayersQuery, FunnelQuery } from '@questboard/shared/analytics-funnels';
import type { ProjectMoney } from '@questboard/shared/money';
import type { ProjectMetrics } from './project-metrics';
import type { ExperimentSumsQuery } from '../experiments/results/experiment-sums';
import { QueryGate } from './analytics-gate';

export interface CachedMetricsOptions {
  /**
   * The oldest data version an answer to a question asked now may have been computed at: the
   * project's data version (bumped after every committed change to its events), or an older one
   * while events stream in (read-freshness.ts). A computation is tagged with it when it starts.
   */
  version: (projectId: string) => number;
  /** The version the data an answer was computed on had reached, when the store knows it to be later than when it started. */
  seenAt?: ((answer: unknown) => number | undefined) | undefined;
  gate?: QueryGate | undefined;
  /** Answers kept at most, least recently used dropped first. */
  maxAnswers?: number | undefined;
}

interface Answer {
  version: number;
  value: unknown;
}

/**
 * The analytics figures with load shedding (issue 20): an answer is kept until the project's events
 * change, identical questions asked at once are computed once, and the computations themselves go
 * through the gate (a few at once, a bounded queue, AnalyticsBusyError beyond it).
 *
 * Never staler than allowed: a computation reads the version before it starts, and every write
 * path bumps the data version after its commit and before it answers, so an answer tagged with a
 * version saw every change acknowledged up to it. A question is answered from a kept answer or
 * joins a running computation only if that one's version is at least the one it needs now, else
 * joins a queued one (which has not read the version yet), else queues anew.
 */
export class CachedMetrics implements ProjectMetrics {
  private readonly answers = new Map<string, Answer>();
  private readonly running = new Map<string, { version: number; promise: Promise<unknown> }>();
  private readonly queued = new Map<string, { promise?: Promise<unknown> }>();
  private readonly gate: QueryGate;
  private readonly maxAnswers: number;

  constructor(
    private readonly inner: ProjectMetrics,
    private readonly options: CachedMetricsOptions,
  ) {
    this.gate = options.gate ?? new QueryGate();
    this.maxAnswers = options.maxAnswers ?? 200;
  }

  private answer<T>(projectId: string, question: unknown[], compute: () => Promise<T>): Promise<T> {
    const key = JSON.stringify([projectId, ...question]);
    const version = this.options.version(projectId);
    const kept = this.answers.get(key);
    if (kept && kept.version >= version) {
      // Most recently used goes last.
      this.answers.delete(key);
      this.answers.set(key, kept);
      return Promise.resolve(kept.value as T);
    }
    const running = this.running.get(key);
    if (running && running.version >= version) return running.promise as Promise<T>;
    const waiting = this.queued.get(key)?.promise;
    if (waiting) return waiting as Promise<T>;

    const ticket: { promise?: Promise<unknown> } = {};
    this.queued.set(key, ticket);
    const flight = this.gate.run(async () => {
      if (this.queued.get(key) === ticket) this.queued.delete(key);
      const started = this.options.version(projectId);
      const promise = compute();
      this.running.set(key, { version: started, promise });
      try {
        const value = await promise;
        this.remember(key, Math.max(started, this.options.seenAt?.(value) ?? started), value);
        return value;
      } finally {
        if (this.running.get(key)?.promise === promise) this.running.delete(key);
      }
    });
    ticket.promise = flight;
    // Refused by the gate: the ticket never started.
    flight.catch(() => {
      if (this.queued.get(key) === ticket) this.queued.delete(key);
    });
    return flight;
  }

  private remember(key: string, version: number, value: unknown) {
    const kept = this.answers.get(key);
    if (kept && kept.version > version) return; // a later computation finished first
    this.answers.delete(key);
    this.answers.set(key, { version, value });
    for (const oldest of this.answers.keys()) {
      if (this.answers.size <= this.maxAnswers) break;
      this.answers.delete(oldest);
    }
  }

  overview(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney) {
    return this.answer(projectId, ['overview', query, today, money], () => this.inner.overview(projectId, query, today, money));
  }

  players(projectId: string, query: AnalyticsQuery) {
    return this.answer(projectId, ['players', query], () => this.inner.players(projectId, query));
  }

  player(projectId: string, userId: string, money: ProjectMoney) {
    return this.answer(projectId, ['player', userId, money], () => this.inner.player(projectId, userId, money));
  }

  revenue(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney) {
    return this.answer(projectId, ['revenue', query, today, money], () => this.inner.revenue(projectId, query, today, money));
  }

  retention(projectId: string, query: RetentionQuery, today: string) {
    return this.answer(projectId, ['retention', query, today], () => this.inner.retention(projectId, query, today));
  }

  engagement(projectId: string, query: AnalyticsQuery) {
    return this.answer(projectId, ['engagement', query], () => this.inner.engagement(projectId, query));
  }

  explore(projectId: string, query: ExploreQuery, money: ProjectMoney) {
    return this.answer(projectId, ['explore', query, money], () => this.inner.explore(projectId, query, money));
  }

  eventCatalogue(projectId: string, query: AnalyticsQuery) {
    return this.answer(projectId, ['eventCatalogue', query], () => this.inner.eventCatalogue(projectId, query));
  }

  filterOptions(projectId: string, query: AnalyticsQuery) {
    return this.answer(projectId, ['filterOptions', query], () => this.inner.filterOptions(projectId, query));
  }

  levels(projectId: string, query: LevelsQuery) {
    return this.answer(projectId, ['levels', query], () => this.inner.levels(projectId, query));
  }

  economy(projectId: string, query: EconomyQuery) {
    return this.answer(projectId, ['economy', query], () => this.inner.economy(projectId, query));
  }

  funnel(projectId: string, query: FunnelQuery) {
    return this.answer(projectId, ['funnel', query], () => this.inner.funnel(projectId, query));
  }

  funnelPlayers(projectId: string, query: FunnelPlayersQuery) {
    return this.answer(projectId, ['funnelPlayers', query], () => this.inner.funnelPlayers(projectId, query));
  }

  experimentSums(projectId: string, query: ExperimentSumsQuery) {
    return this.answer(projectId, ['experimentSums', query], () => this.inner.experimentSums(projectId, query));
  }
}
