import { INGEST_MAX_EVENTS, type IngestAnswer, type IngestEventInput } from '@questboard/shared/events';
import { demoPopulation } from './demo-population';

/** One request to POST /ingest/v1/batch: over HTTP from the CLI, through the app from the button. */
export type IngestPost = (body: string, key: string) => Promise<{ status: number; retryAfter: string | undefined; body: string }>;

export interface DemoSendOptions {
  post: IngestPost;
  key: string;
  players: number;
  days: number;
  /** Generation ends here: no event is later. */
  end: Date;
  seed: number;
  onProgress?: (sentEvents: number) => void;
  signal?: AbortSignal;
  /**
   * Batches in flight at once. While one commits, the next ones are parsed and validated, and the
   * writer's group commit stores those queued meanwhile in one transaction: the button's 1.7 million
   * events took 35 s and 39 core-s with 2 in flight, 26 s and 30 core-s with 8, 24 s and 29 core-s
   * with 16 (ADR 018, seventh revision).
   */
  concurrency?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a generated game population through the ingestion endpoint in full batches, waiting out
 * 429 and 503 answers as the SDK does. Answers the number of events the endpoint accepted.
 */
export async function sendDemoPopulation(options: DemoSendOptions): Promise<number> {
  const { post, key, signal, concurrency = 8 } = options;
  let sent = 0;
  const inFlight = new Set<Promise<void>>();

  const sendBatch = async (events: IngestEventInput[]) => {
    const body = JSON.stringify({ events });
    for (let attempt = 1; ; attempt += 1) {
      signal?.throwIfAborted();
      const answer = await post(body, key);
      if (answer.status === 200) {
        const result = JSON.parse(answer.body) as IngestAnswer;
        const [refused] = result.rejected;
        if (refused) throw new Error(`the endpoint refused a demo event: ${refused.reason}`);
        sent += result.accepted;
        options.onProgress?.(sent);
        return;
      }
      if ((answer.status === 429 || answer.status === 503) && attempt < 30) {
        await sleep(Math.max(1, Number(answer.retryAfter) || 1) * 1000);
        continue;
      }
      throw new Error(`the ingestion endpoint answered ${answer.status}: ${messageOf(answer.body)}`);
    }
  };

  let batch: IngestEventInput[] = [];
  const flush = async () => {
    const task: Promise<void> = sendBatch(batch).finally(() => inFlight.delete(task));
    // Settled below; a failure stops the loop at the next race.
    task.catch(() => undefined);
    batch = [];
    inFlight.add(task);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  };
  let stopped: Error | undefined;
  try {
    for (const event of demoPopulation({ players: options.players, days: options.days, end: options.end, seed: options.seed })) {
      batch.push(event);
      if (batch.length === INGEST_MAX_EVENTS) await flush();
    }
    if (batch.length > 0) await flush();
  } catch (error) {
    stopped = error instanceof Error ? error : new Error(String(error));
  }
  // Every batch settles before this answers, also when one failed.
  const failure = (await Promise.allSettled(inFlight)).find((result) => result.status === 'rejected');
  if (stopped !== undefined) throw stopped;
  if (failure) throw failure.reason instanceof Error ? failure.reason : new Error(String(failure.reason));
  return sent;
}

function messageOf(body: string): string {
  try {
    return (JSON.parse(body) as { message?: string }).message ?? body.slice(0, 200);
  } catch {
    return body.slice(0, 200);
  }
}
