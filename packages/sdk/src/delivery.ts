import { backoffDelayMs, retryAfterMs } from './backoff';
import { KEEPALIVE_MAX_BYTES, takeBatch, type Batch } from './batch';
import { MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH } from './event-rules';
import type { ClientConfig } from './options';
import type { IngestEvent } from './types';

/** A request that has not answered in this long is abandoned and retried. */
export const REQUEST_TIMEOUT_MS = 30_000;
const MAX_REJECTION_WARNINGS = 5;

export interface DeliveryQueue {
  /** Oldest first. */
  readonly events: readonly IngestEvent[];
  remove(insertIds: ReadonlySet<string>): void;
}

type DeliveryConfig = Pick<ClientConfig, 'url' | 'key' | 'fetch' | 'now' | 'timers' | 'random' | 'maxBatchSize'>;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: string;
}

type Outcome =
  | { kind: 'done' }
  | { kind: 'too-large' }
  | { kind: 'refused' }
  | { kind: 'retry'; delayMs: number; serverAsked: boolean };

/**
 * Sends the queue to POST /ingest/v1/batch, oldest first, one request at a time, and applies the
 * contract's answers: 200 removes the batch (warning about rejected events), 400 drops it, 401/403
 * stops sending and keeps everything, 413 halves the batch, 429/503 wait for Retry-After, and
 * anything else (5xx, network errors, time-outs) backs off exponentially. Never rejects, never throws.
 */
export class Delivery {
  private draining: Promise<'drained' | 'stopped'> | undefined;
  private retry: { timer: unknown; serverAsked: boolean } | undefined;
  private attempt = 0;
  /** Batch sizes to use next after a 413, front first; empty otherwise. */
  private readonly splits: number[] = [];
  private readonly inFlight = new Set<string>();
  private refused = false;
  private stopped = false;

  constructor(
    private readonly config: DeliveryConfig,
    private readonly queue: DeliveryQueue,
    private readonly warn: (message: string) => void,
  ) {}

  /** Starts sending unless a request is in flight, a retry is waiting, or the key was refused. */
  kick(): void {
    if (this.draining !== undefined || this.retry !== undefined || this.refused || this.stopped || !this.hasUnsent())
      return;
    const run = this.drain();
    this.draining = run;
    void run.then(() => {
      if (this.draining === run) this.draining = undefined;
    });
  }

  /**
   * Sends everything queued now, skipping an exponential back-off's wait but not a wait the server
   * asked for with Retry-After. Resolves when the queue is empty or a request has failed.
   */
  async flush(): Promise<void> {
    for (;;) {
      const running = this.draining;
      if (running !== undefined) {
        const ended = await running;
        if (this.draining === running) this.draining = undefined;
        if (ended === 'stopped') return;
        continue;
      }
      if (this.refused || this.stopped || !this.hasUnsent()) return;
      if (this.retry !== undefined) {
        if (this.retry.serverAsked) return;
        this.cancelRetry();
      }
      this.kick();
      if (this.draining === undefined) return;
    }
  }

  /**
   * The page is being hidden and may never run again: send what fits in one keepalive request
   * (besides any request already in flight, whose events it leaves out).
   */
  sendOnPageHide(): void {
    if (this.refused || this.stopped || this.retry?.serverAsked === true) return;
    const batch = takeBatch(this.queue.events, {
      maxEvents: MAX_EVENTS_PER_BATCH,
      maxBytes: KEEPALIVE_MAX_BYTES,
      skip: this.inFlight,
    });
    if (batch.events.length === 0) return;
    void this.send(batch, true).then((outcome) => {
      // The page lived on (a tab switch): a failure gets the usual back-off unless a drain handles it.
      if (outcome.kind === 'retry' && this.draining === undefined && this.retry === undefined)
        this.scheduleRetry(outcome);
    });
  }

  /** For shutdown: no more requests or retries after the one in flight. */
  stop(): void {
    this.stopped = true;
    this.cancelRetry();
  }

  private hasUnsent(): boolean {
    return this.queue.events.some((event) => !this.inFlight.has(event.insert_id));
  }

  private async drain(): Promise<'drained' | 'stopped'> {
    for (;;) {
      if (this.refused || this.stopped) return 'stopped';
      const split = this.splits.length > 0;
      const batch = takeBatch(this.queue.events, {
        maxEvents: this.splits[0] ?? this.config.maxBatchSize,
        maxBytes: MAX_BATCH_BYTES,
        skip: this.inFlight,
        oversizedAlone: true,
      });
      if (batch.events.length === 0) return 'drained';
      const outcome = await this.send(batch, false);
      if (outcome.kind === 'done') {
        if (split) this.splits.shift();
      } else if (outcome.kind === 'too-large') {
        if (split) this.splits.shift();
        this.halve(batch);
      } else if (outcome.kind === 'retry') {
        this.scheduleRetry(outcome);
        return 'stopped';
      } else return 'stopped';
    }
  }

  private halve(batch: Batch): void {
    const count = batch.events.length;
    if (count > 1) {
      const first = Math.ceil(count / 2);
      this.splits.unshift(first, count - first);
      return;
    }
    const [event] = batch.events;
    if (event === undefined) return;
    this.warn(
      `event "${event.name}" (insert_id ${event.insert_id}) is too large for the server even on its own (413); it is dropped`,
    );
    this.queue.remove(new Set([event.insert_id]));
  }

  private async send(batch: Batch, keepalive: boolean): Promise<Outcome> {
    const ids = new Set(batch.events.map((event) => event.insert_id));
    for (const id of ids) this.inFlight.add(id);
    try {
      return this.handle(await this.post(batch.body, keepalive), batch, ids);
    } catch {
      return this.backOff(); // network error or time-out: the server may or may not have the events
    } finally {
      for (const id of ids) this.inFlight.delete(id);
    }
  }

  private async post(body: string, keepalive: boolean): Promise<Answer> {
    const { timers } = this.config;
    const controller = new AbortController();
    const timer = timers.setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
    try {
      const response = await this.config.fetch(this.config.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Ingest-Key': this.config.key },
        body,
        keepalive,
        signal: controller.signal,
      });
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
    } finally {
      timers.clearTimeout(timer);
    }
  }

  private handle(answer: Answer, batch: Batch, ids: ReadonlySet<string>): Outcome {
    const { status } = answer;
    if (status >= 200 && status < 300) {
      this.attempt = 0;
      this.warnAboutRejected(answer.body, batch.events);
      this.queue.remove(ids);
      return { kind: 'done' };
    }
    if (status === 400) {
      this.attempt = 0;
      this.warn(
        `the server refused a batch of ${batch.events.length} events as malformed (400: ${serverMessage(answer.body)}); they are dropped`,
      );
      this.queue.remove(ids);
      return { kind: 'done' };
    }
    if (status === 401 || status === 403) {
      if (!this.refused) {
        this.warn(
          `the server refused the ingestion key (${status}: ${serverMessage(answer.body)}); nothing more is sent, and queued events are kept for an SDK started with a valid key`,
        );
      }
      this.refused = true;
      return { kind: 'refused' };
    }
    if (status === 413) return { kind: 'too-large' };
    if (status === 429 || status === 503) {
      const wait = retryAfterMs(answer.retryAfter, this.config.now());
      if (wait !== undefined) {
        this.attempt += 1;
        return { kind: 'retry', delayMs: wait, serverAsked: true };
      }
    }
    return this.backOff();
  }

  private backOff(): Outcome {
    const delayMs = backoffDelayMs(this.attempt, this.config.random);
    this.attempt += 1;
    return { kind: 'retry', delayMs, serverAsked: false };
  }

  private scheduleRetry({ delayMs, serverAsked }: { delayMs: number; serverAsked: boolean }): void {
    if (this.stopped) return;
    this.cancelRetry();
    const timer = this.config.timers.setTimeout(() => {
      this.retry = undefined;
      this.kick();
    }, delayMs);
    this.retry = { timer, serverAsked };
  }

  private cancelRetry(): void {
    if (this.retry !== undefined) this.config.timers.clearTimeout(this.retry.timer);
    this.retry = undefined;
  }

  private warnAboutRejected(body: string, events: readonly IngestEvent[]): void {
    const rejected = rejectedOf(body);
    for (const { index, reason } of rejected.slice(0, MAX_REJECTION_WARNINGS)) {
      const event = events[index];
      const which = event === undefined ? `event #${index}` : `event "${event.name}" (insert_id ${event.insert_id})`;
      this.warn(`${which} was rejected and dropped: ${reason}`);
    }
    if (rejected.length > MAX_REJECTION_WARNINGS) {
      this.warn(`${rejected.length - MAX_REJECTION_WARNINGS} more events of the same batch were rejected and dropped`);
    }
  }
}

function rejectedOf(body: string): { index: number; reason: string }[] {
  try {
    const answer = JSON.parse(body) as { rejected?: unknown };
    if (!Array.isArray(answer.rejected)) return [];
    return answer.rejected.flatMap((item: unknown) => {
      const { index, reason } = (item ?? {}) as { index?: unknown; reason?: unknown };
      return typeof index === 'number'
        ? [{ index, reason: typeof reason === 'string' ? reason : 'no reason given' }]
        : [];
    });
  } catch {
    return []; // a 2xx means the events are stored; an unreadable answer only costs the warnings
  }
}

function serverMessage(body: string): string {
  try {
    const { message } = JSON.parse(body) as { message?: unknown };
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: show the start of the text instead
  }
  return body.slice(0, 200) || 'no message';
}
