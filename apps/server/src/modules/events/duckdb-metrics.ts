import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { AnalyticsQuery, RetentionQuery } from '@questboard/shared/analytics-view';
import type { Explore, ExploreQuery } from '@questboard/shared/analytics-explore';
import type { Funnel, FunnelPlayers, FunnelPlayersQuery, FunnelQuery } from '@questboard/shared/analytics-funnels';
import type { Engagement, EventCatalogue, FilterOptions, Overview, Players } from '@questboard/shared/analytics-answers';
import type { Player } from '@questboard/shared/analytics-player';
import type { Retention, Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { Levels, LevelsQuery } from '@questboard/shared/analytics-levels';
import type { Economy, EconomyQuery } from '@questboard/shared/analytics-economy';
import type { ProjectMoney } from '@questboard/shared/money';
import type { ProjectMetrics } from '../analytics/project-metrics';
import type { StoreAnswer } from '../analytics/store-answer';
import { DuckDbQuery } from '../analytics/duckdb-sql';
import { duckDbCatalogue } from '../analytics/catalogue/duckdb-catalogue';
import { duckDbEconomy } from '../analytics/economy/duckdb-economy';
import { duckDbEngagement } from '../analytics/engagement/duckdb-engagement';
import { duckDbExplore } from '../analytics/explorer/duckdb-explorer';
import { duckDbFilterOptions } from '../analytics/filters/duckdb-filters';
import { duckDbLevels } from '../analytics/levels/duckdb-levels';
import { duckDbFunnel, duckDbFunnelPlayers } from '../analytics/funnels/duckdb-funnel';
import { duckDbOverview } from '../analytics/overview/duckdb-overview';
import { duckDbPlayer } from '../analytics/player-timeline/duckdb-player-timeline';
import { duckDbPlayers } from '../analytics/players/duckdb-players';
import { duckDbRetention } from '../analytics/retention/duckdb-retention';
import { duckDbRevenue } from '../analytics/revenue/duckdb-revenue';
import type { ExperimentSums, ExperimentSumsQuery } from '../experiments/results/experiment-sums';
import { duckDbExperimentSums } from '../experiments/results/duckdb-experiment-sums';
import { acceptableVersion } from '../analytics/read-freshness';
import { refreshRollups, rollupTables } from './duckdb-rollups';

// The analytics figures of ADR 010, computed by DuckDB from the rollups (activity, sessions,
// installs) and, for the explorer, the event list and a player's timeline, from the events. Each
// page's SQL sits beside its contract (modules/analytics/<page>/duckdb-<page>.ts); the JavaScript
// there only assembles answers: it puts SQL results into the buckets of the range.

/** Connections kept between computations: as many as run at once (analytics-gate.ts) and a spare. */
const keptConnections = 4;

export class DuckDbMetrics implements ProjectMetrics {
  private readonly idle: DuckDBConnection[] = [];
  private closed = false;
  /** Per project, the refresh in progress and the data version when it began. */
  private readonly refreshing = new Map<string, { began: number; done: Promise<void> }>();
  /** Per project, the data version when the last refresh that succeeded began. */
  private readonly refreshedAt = new Map<string, number>();
  /** Each answer's rollups, as the data version they had reached (seenAt). */
  private readonly seen = new WeakMap<object, number>();

  constructor(
    private readonly instance: DuckDBInstance,
    private readonly ensureTable: (projectId: string) => Promise<void>,
    /** The project's data version (ADR 016): bumped after every committed change to its events. */
    private readonly version: (projectId: string) => number,
    /** The version after the project's last change no read may miss (a delete). */
    private readonly exactVersion: (projectId: string) => number,
  ) {}

  /**
   * The oldest data version a computation beginning now may be answered from (read-freshness.ts):
   * the answers' cache key, and what its refresh must reach.
   */
  acceptable(projectId: string): number {
    return acceptableVersion({
      version: this.version(projectId),
      exact: this.exactVersion(projectId),
      refreshed: this.refreshedAt.get(projectId) ?? -1,
      refreshing: this.refreshing.get(projectId)?.began ?? null,
    });
  }

  /** A connection on up-to-date rollups of the project. */
  private async withRollups<T>(projectId: string, work: (q: DuckDbQuery) => Promise<T>): Promise<T> {
    const tables = rollupTables(projectId);
    await this.ensureTable(projectId);
    // Connections are kept for the next computation: opening one is a call into DuckDB that waits
    // for the event loop like any other (issue 20).
    const connection = this.idle.pop() ?? (await this.instance.connect());
    let reusable = false;
    try {
      await this.refresh(projectId, connection);
      // The rollups this computation reads hold every change up to here, or later ones.
      const seen = this.refreshedAt.get(projectId) ?? -1;
      const answer = await work(new DuckDbQuery(connection, tables));
      if (typeof answer === 'object' && answer !== null) this.seen.set(answer, seen);
      reusable = true;
      return answer;
    } finally {
      // One that failed is closed: whatever it was doing is not carried into the next computation.
      if (reusable && !this.closed && this.idle.length < keptConnections) this.idle.push(connection);
      else connection.closeSync();
    }
  }

  /**
   * The data version the rollups an answer was computed on had reached (undefined: not an answer
   * of this store, or one without an object): an answer kept for a question is tagged with it, so
   * a read that accepts those rollups (read-freshness.ts) is served from it.
   */
  seenAt(answer: unknown): number | undefined {
    return typeof answer === 'object' && answer !== null ? this.seen.get(answer) : undefined;
  }

  /** Closes the connections kept between computations (the store is closing). */
  close() {
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.closeSync();
  }

  private async refresh(projectId: string, connection: DuckDBConnection) {
    // The changes this query must see (read-freshness.ts). A refresh that began at that version or
    // later took them all in, so queries arriving while events stream in share one refresh
    // instead of each running its own, and rollups that are recent enough are read at once.
    const needed = this.acceptable(projectId);
    for (;;) {
      if ((this.refreshedAt.get(projectId) ?? -1) >= needed) return;
      // One refresh per project at a time: a query arriving during one waits, then looks again.
      const running = this.refreshing.get(projectId);
      if (!running) break;
      await running.done.catch(() => undefined);
    }
    const began = this.version(projectId);
    const done = refreshRollups(connection, projectId);
    this.refreshing.set(projectId, { began, done });
    try {
      await done;
      this.refreshedAt.set(projectId, Math.max(began, this.refreshedAt.get(projectId) ?? -1));
    } finally {
      this.refreshing.delete(projectId);
    }
  }

  overview(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Overview>> {
    return this.withRollups(projectId, (q) => duckDbOverview(q, query, today, money));
  }

  players(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Players>> {
    return this.withRollups(projectId, (q) => duckDbPlayers(q, query));
  }

  player(projectId: string, userId: string, money: ProjectMoney): Promise<Player | null> {
    return this.withRollups(projectId, (q) => duckDbPlayer(q, userId, money));
  }

  revenue(projectId: string, query: AnalyticsQuery, today: string, money: ProjectMoney): Promise<StoreAnswer<Revenue>> {
    return this.withRollups(projectId, (q) => duckDbRevenue(q, query, today, money));
  }

  retention(projectId: string, query: RetentionQuery, today: string): Promise<Retention> {
    return this.withRollups(projectId, (q) => duckDbRetention(q, query, today));
  }

  engagement(projectId: string, query: AnalyticsQuery): Promise<StoreAnswer<Engagement>> {
    return this.withRollups(projectId, (q) => duckDbEngagement(q, query));
  }

  explore(projectId: string, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
    return this.withRollups(projectId, (q) => duckDbExplore(q, query, money));
  }

  eventCatalogue(projectId: string, query: AnalyticsQuery): Promise<EventCatalogue> {
    return this.withRollups(projectId, (q) => duckDbCatalogue(q, query));
  }

  filterOptions(projectId: string, query: AnalyticsQuery): Promise<FilterOptions> {
    return this.withRollups(projectId, (q) => duckDbFilterOptions(q, query));
  }

  levels(projectId: string, query: LevelsQuery): Promise<Levels> {
    return this.withRollups(projectId, (q) => duckDbLevels(q, query));
  }

  economy(projectId: string, query: EconomyQuery): Promise<StoreAnswer<Economy>> {
    return this.withRollups(projectId, (q) => duckDbEconomy(q, query));
  }

  funnel(projectId: string, query: FunnelQuery): Promise<StoreAnswer<Funnel>> {
    return this.withRollups(projectId, (q) => duckDbFunnel(q, query));
  }

  funnelPlayers(projectId: string, query: FunnelPlayersQuery): Promise<FunnelPlayers> {
    return this.withRollups(projectId, (q) => duckDbFunnelPlayers(q, query));
  }

  experimentSums(projectId: string, query: ExperimentSumsQuery): Promise<ExperimentSums> {
    return this.withRollups(projectId, (q) => duckDbExperimentSums(q, query));
  }
}
