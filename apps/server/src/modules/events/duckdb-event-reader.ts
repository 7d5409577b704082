import { listValue, type DuckDBConnection, type DuckDBInstance } from '@duckdb/node-api';
import type { EventSummary } from '@questboard/shared/developer';
import type { StoredEvent } from '@questboard/shared/events';
import type { ProjectUsage, UsageWindow } from './event-store';
import { projectTable, toStoredEvent } from './event-table';

/** Reading the events themselves (the analytics figures are the metrics'): each read on a connection of its own. */
export class EventReader {
  constructor(
    private readonly instance: DuckDBInstance,
    /** The projects' tables that exist (the writer's, kept up to date by it). */
    private readonly tables: ReadonlySet<string>,
  ) {}

  private async read<T>(projectId: string, empty: T, query: (connection: DuckDBConnection, table: string) => Promise<T>): Promise<T> {
    const table = projectTable(projectId);
    if (!this.tables.has(table)) return empty;
    const connection = await this.instance.connect();
    try {
      return await query(connection, table);
    } catch (error) {
      // The project's table was dropped between the check and the query: it holds nothing.
      if (!this.tables.has(table)) return empty;
      throw error;
    } finally {
      connection.closeSync();
    }
  }

  latest(projectId: string, limit: number): Promise<StoredEvent[]> {
    return this.read(projectId, [], async (connection, table) => {
      const reader = await connection.runAndReadAll(
        `SELECT *, epoch_ms(ts)::DOUBLE AS ts_ms, epoch_ms(received_at)::DOUBLE AS received_ms FROM ${table}
         ORDER BY received_at DESC, ts DESC LIMIT $1`,
        [limit],
      );
      return reader.getRowObjectsJS().map(toStoredEvent);
    });
  }

  summary(projectId: string): Promise<EventSummary> {
    const empty: EventSummary = { totalEvents: 0, demoEvents: 0, lastReceivedAt: null };
    return this.read(projectId, empty, async (connection, table) => {
      const reader = await connection.runAndReadAll(
        `SELECT count(*)::DOUBLE, (count(*) FILTER (WHERE demo))::DOUBLE, epoch_ms(max(received_at))::DOUBLE FROM ${table}`,
      );
      const [total, demo, last] = reader.getRowsJS()[0] as [number, number, number | null];
      return { totalEvents: total, demoEvents: demo, lastReceivedAt: last === null ? null : new Date(last).toISOString() };
    });
  }

  exposedPlayers(projectId: string, experimentKeys: readonly string[]): Promise<Map<string, number>> {
    return this.read(projectId, new Map<string, number>(), async (connection, table) => {
      // The keys travel as one list parameter; the name and the property as the contract spells them.
      const reader = await connection.runAndReadAll(
        `SELECT experiment, count(DISTINCT user_id)::DOUBLE FROM (
           SELECT json_extract_string(properties, '$.experiment') AS experiment, user_id FROM ${table}
           WHERE name = 'experiment_exposure'
         ) WHERE list_contains($1::VARCHAR[], experiment) GROUP BY experiment`,
        [listValue([...experimentKeys])],
      );
      return new Map(reader.getRowsJS().map(([experiment, players]) => [experiment as string, players as number]));
    });
  }

  usage(projectId: string, window: UsageWindow): Promise<ProjectUsage> {
    const empty: ProjectUsage = { storedEvents: 0, eventsThisMonth: 0, monthlyActivePlayers: 0, daily: [] };
    return this.read(projectId, empty, async (connection, table) => {
      const totals = await connection.runAndReadAll(
        `SELECT count(*)::DOUBLE,
                (count(*) FILTER (WHERE received_at >= epoch_ms($1::BIGINT)))::DOUBLE,
                (count(DISTINCT user_id) FILTER (WHERE ts >= epoch_ms($1::BIGINT)))::DOUBLE
         FROM ${table}`,
        [window.monthStart.getTime()],
      );
      const [stored, month, players] = totals.getRowsJS()[0] as [number, number, number];
      const days = await connection.runAndReadAll(
        `SELECT strftime(received_at::DATE, '%Y-%m-%d') AS day, count(*)::DOUBLE AS events FROM ${table}
         WHERE received_at >= epoch_ms($1::BIGINT) GROUP BY 1 ORDER BY 1`,
        [window.from.getTime()],
      );
      return {
        storedEvents: stored,
        eventsThisMonth: month,
        monthlyActivePlayers: players,
        daily: days.getRowsJS().map(([day, events]) => ({ day: day as string, events: events as number })),
      };
    });
  }
}
