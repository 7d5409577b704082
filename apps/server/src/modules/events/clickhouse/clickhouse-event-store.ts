import type { EventSummary } from '@questboard/shared/developer';
import type { StoredEvent } from '@questboard/shared/events';
import type { EventStore, NewEvent, ProjectUsage, UsageWindow } from '../event-store';
import type { ProjectMetrics } from '../../analytics/project-metrics';
import { clickHouseOverview } from '../../analytics/overview/clickhouse-overview';
import { clickHousePlayers } from '../../analytics/players/clickhouse-players';
import { clickHouseRevenue } from '../../analytics/revenue/clickhouse-revenue';
import { clickHouseRetention } from '../../analytics/retention/clickhouse-retention';
import { clickHouseEngagement } from '../../analytics/engagement/clickhouse-engagement';
import { clickHouseCatalogue } from '../../analytics/catalogue/clickhouse-catalogue';
import { clickHouseFilterOptions } from '../../analytics/filters/clickhouse-filters';
import { clickHousePlayer } from '../../analytics/player-timeline/clickhouse-player-timeline';
import { clickHouseExplore } from '../../analytics/explorer/clickhouse-explorer';
import { clickHouseLevels } from '../../analytics/levels/clickhouse-levels';
import { clickHouseEconomy } from '../../analytics/economy/clickhouse-economy';
import { clickHouseFunnel, clickHouseFunnelPlayers } from '../../analytics/funnels/clickhouse-funnel';
import { clickHouseExperimentSums } from '../../experiments/results/clickhouse-experiment-sums';
import { ClickHouseQuery } from '../../analytics/clickhouse-sql';
import { ClickHouseHttp, literal, literalList } from './clickhouse-http';
import { ClickHouseEventWriter } from './clickhouse-event-writer';
import { toStoredEvent } from '../event-table';
import { createEventsTableSql, dedupedEventsSql } from './clickhouse-schema';
import { createRollupTableSql, ROLLUP_TABLES, type RollupTable } from './clickhouse-rollup-schema';
import { ClickHouseRollups } from './clickhouse-rollups';

export interface ClickHouseEventStoreOptions {
  /** `http://user:password@host:8123/database` (CLICKHOUSE_URL). */
  url: string;
  /** The events table; created when missing unless `createTable` is false (a Distributed table made by the operator). */
  table?: string;
  createTable?: boolean;
  /**
   * The tables deletes run on (ALTER … DELETE runs on MergeTree tables, not a Distributed one):
   * each node's URL, local events table and the suffix of its local rollup tables (ADR 037).
   */
  deleteOn?: { url: string; table: string; rollupSuffix?: string }[];
  maxQueuedEvents?: number;
  maxEventsPerInsert?: number;
  timeoutMs?: number;
}

const tablePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;
const projectPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A checked project id as a SQL literal. */
function project(projectId: string): string {
  if (!projectPattern.test(projectId)) throw new Error(`not a project id: ${JSON.stringify(projectId)}`);
  return literal(projectId);
}

export async function openClickHouseEventStore(options: ClickHouseEventStoreOptions): Promise<EventStore> {
  const table = options.table ?? 'events';
  for (const name of [table, ...(options.deleteOn ?? []).map((target) => target.table)]) {
    if (!tablePattern.test(name)) throw new Error(`not a table name: ${JSON.stringify(name)}`);
  }
  // Inserts through a Distributed table are acknowledged only once every shard stored its rows.
  const http = new ClickHouseHttp({ url: options.url, timeoutMs: options.timeoutMs, settings: { insert_distributed_sync: 1 } });
  if (options.createTable !== false) {
    await http.command(createEventsTableSql(table));
    for (const rollup of Object.values(ROLLUP_TABLES)) await http.command(createRollupTableSql(rollup));
  }
  const deleteOn = (options.deleteOn ?? [{ url: options.url, table }]).map((target) => {
    const node = new ClickHouseHttp({ url: target.url, timeoutMs: options.timeoutMs });
    return {
      http: node,
      table: target.table,
      rollups: {
        http: node,
        table: (rollup: RollupTable) => `${rollup}${target.rollupSuffix ?? ''}`,
        mutationsDone: (name: string) => mutationsDone(node, name),
      },
    };
  });
  // The rollups' refreshes read a week of events at a time and may take minutes on a large game
  // (ADR 037); a GROUP BY larger than memory spills to disk instead of failing.
  const refresher = new ClickHouseHttp({
    url: options.url,
    timeoutMs: Math.max(options.timeoutMs ?? 0, REFRESH_TIMEOUT_MS),
    settings: { insert_distributed_sync: 1, max_bytes_before_external_group_by: 500_000_000 },
  });
  const rollups = new ClickHouseRollups(refresher, table, deleteOn.map((target) => target.rollups));
  return new ClickHouseEventStore(http, table, deleteOn, rollups, options);
}

/** How long a delete waits for ClickHouse to finish rewriting the parts (mutations run in the background). */
const MUTATION_WAIT_MS = 60_000;
/** How long one statement of a rollup refresh may take (a week of a large game's events). */
const REFRESH_TIMEOUT_MS = 5 * 60_000;

/** Resolves once ClickHouse has finished the table's mutations (deletes rewrite parts in the background). */
async function mutationsDone(http: ClickHouseHttp, table: string): Promise<void> {
  const deadline = Date.now() + MUTATION_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
    const [row] = await http.rows(
      `SELECT count() AS running FROM system.mutations WHERE database = ${literal(http.database)} AND table = ${literal(table)} AND is_done = 0`,
    );
    if (Number(row?.running ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`ClickHouse has not finished deleting from ${table} after ${MUTATION_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

class ClickHouseEventStore implements EventStore {
  readonly kind = 'clickhouse';
  private closed = false;
  private readonly writer: ClickHouseEventWriter;
  readonly metrics: ProjectMetrics = {
    overview: (projectId, query, today, money) => clickHouseOverview(this.query(projectId), query, today, money),
    retention: (projectId, query, today) => clickHouseRetention(this.query(projectId), query, today),
    players: (projectId, query) => clickHousePlayers(this.query(projectId), query),
    revenue: (projectId, query, today, money) => clickHouseRevenue(this.query(projectId), query, today, money),
    engagement: (projectId, query) => clickHouseEngagement(this.query(projectId), query),
    eventCatalogue: (projectId, query) => clickHouseCatalogue(this.query(projectId), query),
    filterOptions: (projectId, query) => clickHouseFilterOptions(this.query(projectId), query),
    player: (projectId, userId, money) => clickHousePlayer(this.query(projectId), userId, money),
    explore: (projectId, query, money) => clickHouseExplore(this.query(projectId), query, money),
    levels: (projectId, query) => clickHouseLevels(this.query(projectId), query),
    economy: (projectId, query) => clickHouseEconomy(this.query(projectId), query),
    funnel: (projectId, query) => clickHouseFunnel(this.query(projectId), query),
    funnelPlayers: (projectId, query) => clickHouseFunnelPlayers(this.query(projectId), query),
    experimentSums: (projectId, query) => clickHouseExperimentSums(this.query(projectId), query),
  };

  constructor(
    private readonly http: ClickHouseHttp,
    private readonly table: string,
    private readonly deleteOn: { http: ClickHouseHttp; table: string }[],
    private readonly rollups: ClickHouseRollups,
    options: ClickHouseEventStoreOptions,
  ) {
    this.writer = new ClickHouseEventWriter(http, table, options.maxQueuedEvents ?? 200_000, options.maxEventsPerInsert ?? 50_000);
  }

  private events(projectId: string, where?: string): string {
    return dedupedEventsSql(this.table, project(projectId), where);
  }

  /** The analytics queries of one request on the project's events. */
  private query(projectId: string): ClickHouseQuery {
    const checked = project(projectId);
    return new ClickHouseQuery(this.http, this.table, checked, () => this.rollups.fresh(projectId));
  }

  append(projectId: string, events: readonly NewEvent[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The event store is closed'));
    project(projectId);
    return this.writer.append(projectId, events);
  }

  async latest(projectId: string, limit: number): Promise<StoredEvent[]> {
    if (!Number.isInteger(limit) || limit < 0) throw new Error(`not a limit: ${limit}`);
    const rows = await this.http.rows(`SELECT * FROM ${this.events(projectId)} ORDER BY received_ms DESC, ts_ms DESC LIMIT ${limit}`);
    return rows.map(toStoredEvent);
  }

  async summary(projectId: string): Promise<EventSummary> {
    const [row] = await this.http.rows(
      `SELECT count() AS total, sum(demo) AS demo, max(received_ms) AS last FROM ${this.events(projectId)}`,
    );
    const total = Number(row?.total ?? 0);
    return {
      totalEvents: total,
      demoEvents: Number(row?.demo ?? 0),
      lastReceivedAt: total === 0 ? null : new Date(Number(row?.last)).toISOString(),
    };
  }

  async exposedPlayers(projectId: string, experimentKeys: readonly string[]): Promise<Map<string, number>> {
    if (experimentKeys.length === 0) return new Map();
    // The property's text as DuckDB's json_extract_string reads it: a JSON null is no key.
    const rows = await this.http.rows(
      `SELECT experiment, uniqExact(user_id) AS players FROM (
         SELECT user_id, property_texts[indexOf(property_keys, 'experiment')] AS experiment
         FROM ${this.events(projectId)}
         WHERE name = 'experiment_exposure' AND indexOf(property_keys, 'experiment') > 0
           AND property_kinds[indexOf(property_keys, 'experiment')] != 'null'
       ) WHERE experiment IN ${literalList(experimentKeys)} GROUP BY experiment`,
    );
    return new Map(rows.map((row) => [String(row.experiment), Number(row.players)]));
  }

  async usage(projectId: string, window: UsageWindow): Promise<ProjectUsage> {
    const month = window.monthStart.getTime();
    const from = window.from.getTime();
    const [totals] = await this.http.rows(
      `SELECT count() AS stored, countIf(received_ms >= ${month}) AS month, uniqExactIf(user_id, ts_ms >= ${month}) AS players
       FROM ${this.events(projectId)}`,
    );
    // The UTC day of receipt from the epoch milliseconds: whole days since 1970, no time zone involved.
    const days = await this.http.rows(
      `SELECT toString(toDate(intDiv(received_ms, 86400000))) AS day, count() AS events FROM ${this.events(projectId)}
       WHERE received_ms >= ${from} GROUP BY day ORDER BY day`,
    );
    return {
      storedEvents: Number(totals?.stored ?? 0),
      eventsThisMonth: Number(totals?.month ?? 0),
      monthlyActivePlayers: Number(totals?.players ?? 0),
      daily: days.map((row) => ({ day: String(row.day), events: Number(row.events) })),
    };
  }

  // After a delete the rollups keep nothing of the deleted events (ADR 037): all of them go, or
  // for a cut-off the days before its own; the next read recomputes what differs.

  async deleteDemo(projectId: string): Promise<number> {
    const deleted = await this.deleteWhere(projectId, 'demo = 1');
    if (deleted > 0) await this.rollups.forget(projectId);
    return deleted;
  }

  async deleteAll(projectId: string): Promise<number> {
    const deleted = await this.deleteWhere(projectId, '1');
    if (deleted > 0) await this.rollups.forget(projectId);
    return deleted;
  }

  async deleteBefore(projectId: string, cutoff: Date): Promise<number> {
    const deleted = await this.deleteWhere(projectId, `ts_ms < ${literal(cutoff.getTime())}`);
    if (deleted > 0) await this.rollups.forget(projectId, cutoff.toISOString().slice(0, 10));
    return deleted;
  }

  async deleteProject(projectId: string): Promise<void> {
    await this.deleteWhere(projectId, '1');
    await this.rollups.forget(projectId);
  }

  /**
   * Counts the project's (deduplicated) events matching `condition`, deletes every stored row that
   * matches (ALTER TABLE … DELETE, a mutation: 18.16 has no lightweight DELETE and a month's
   * partition holds every project) and waits until ClickHouse has rewritten the parts, so the
   * events are gone when this resolves. Answers the count.
   */
  private async deleteWhere(projectId: string, condition: string): Promise<number> {
    await this.writer.drained();
    const [row] = await this.http.rows(`SELECT count() AS n FROM ${this.events(projectId)} WHERE ${condition}`);
    const doomed = Number(row?.n ?? 0);
    if (doomed === 0) return 0;
    for (const target of this.deleteOn) {
      await target.http.command(`ALTER TABLE ${target.table} DELETE WHERE project_id = ${project(projectId)} AND (${condition})`);
    }
    await Promise.all(this.deleteOn.map((target) => mutationsDone(target.http, target.table)));
    return doomed;
  }

  async sizeBytes(): Promise<number> {
    const [row] = await this.http.rows(
      `SELECT sum(bytes_on_disk) AS bytes FROM system.parts WHERE active AND database = ${literal(this.http.database)} AND table = ${literal(this.table)}`,
    );
    return Number(row?.bytes ?? 0);
  }

  async ping(): Promise<void> {
    await this.http.rows('SELECT 1 AS ok');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.rollups.close();
    await this.writer.drained();
  }
}
