import type { IngestEvent } from './types';

/** Browsers refuse keepalive requests whose bodies add up to more than 64 KiB; stay under it. */
export const KEEPALIVE_MAX_BYTES = 64_000;

const ENVELOPE = '{"events":[]}';

export interface Batch {
  events: IngestEvent[];
  /** The request body: `{"events":[...]}`. */
  body: string;
}

export interface BatchLimits {
  maxEvents: number;
  maxBytes: number;
  /** insert_ids to pass over: those already in flight. */
  skip?: ReadonlySet<string>;
  /**
   * Send a first event bigger than maxBytes on its own (the server's 413 then drops it) rather than
   * block the queue behind it. Off for keepalive requests, where the browser would refuse it.
   */
  oversizedAlone?: boolean;
}

/** The oldest events that fit the limits, in queue order. */
export function takeBatch(queue: readonly IngestEvent[], limits: BatchLimits): Batch {
  const events: IngestEvent[] = [];
  const parts: string[] = [];
  let bytes = ENVELOPE.length;
  for (const event of queue) {
    if (events.length >= limits.maxEvents) break;
    if (limits.skip?.has(event.insert_id)) continue;
    const json = JSON.stringify(event);
    const size = utf8Length(json) + (parts.length > 0 ? 1 : 0);
    if (bytes + size > limits.maxBytes) {
      if (events.length === 0 && limits.oversizedAlone === true) {
        events.push(event);
        parts.push(json);
      }
      break;
    }
    events.push(event);
    parts.push(json);
    bytes += size;
  }
  return { events, body: `{"events":[${parts.join(',')}]}` };
}

/** Bytes of `text` in UTF-8, without encoding it. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
