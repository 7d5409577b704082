import { EventStoreBusyError, type NewEvent } from '../event-store';
import type { ClickHouseHttp, Row } from './clickhouse-http';
import { eventRow } from './clickhouse-schema';

interface Waiting {
  projectId: string;
  events: readonly NewEvent[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Batched inserts (ADR 033): what `append` queues while an insert is in flight goes to ClickHouse
 * as one INSERT (up to `maxEventsPerInsert` events), since ClickHouse writes a data part per insert
 * and wants few large ones. Each caller's promise resolves when ClickHouse answered 200 for the
 * insert holding its events, so an acknowledged batch is stored; a failed insert rejects all of its
 * callers, whose retries with the same insert_ids are deduplicated.
 */
export class ClickHouseEventWriter {
  private waiting: Waiting[] = [];
  private queued = 0;
  private running: Promise<void> | null = null;
  /** The last order of receipt handed out: epoch microseconds of receipt, kept increasing. */
  private lastOrder = 0;

  constructor(
    private readonly http: ClickHouseHttp,
    private readonly table: string,
    private readonly maxQueuedEvents: number,
    private readonly maxEventsPerInsert: number,
  ) {}

  append(projectId: string, events: readonly NewEvent[]): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    if (this.queued + events.length > this.maxQueuedEvents) return Promise.reject(new EventStoreBusyError(1));
    return new Promise((resolve, reject) => {
      this.waiting.push({ projectId, events, resolve, reject });
      this.queued += events.length;
      // Started on the next turn of the event loop, so requests arriving together share an insert.
      this.running ??= new Promise<void>((started) => setImmediate(started)).then(() => this.drain());
    });
  }

  /** Resolves once everything queued so far was inserted (or failed). */
  async drained(): Promise<void> {
    while (this.running) await this.running;
  }

  private order(receivedMs: number): number {
    this.lastOrder = Math.max(this.lastOrder + 1, receivedMs * 1000);
    return this.lastOrder;
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch: Waiting[] = [];
      let count = 0;
      for (let next = this.waiting[0]; next && (batch.length === 0 || count + next.events.length <= this.maxEventsPerInsert); next = this.waiting[0]) {
        this.waiting.shift();
        batch.push(next);
        count += next.events.length;
      }
      try {
        const rows: Row[] = [];
        for (const entry of batch) {
          for (const event of entry.events) rows.push(eventRow(entry.projectId, event, this.order(event.receivedAt.getTime())));
        }
        await this.http.insert(this.table, rows);
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      } finally {
        this.queued -= count;
      }
    }
    this.running = null;
  }
}
