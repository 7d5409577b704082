import { describe, expect, it } from 'vitest';
import type { NewEvent } from './event-store';
import { CHUNK_ROWS } from './duckdb-staging';
import { OWN_CHUNK_EVENTS, WriteQueue, type QueuedWrite } from './duckdb-write-queue';

const a = '6f1c1b5e-1111-4111-8111-111111111111';
const b = '6f1c1b5e-2222-4222-8222-222222222222';
let serial = 0;
function write(count: number): QueuedWrite {
  const at = Date.now();
  const events: NewEvent[] = Array.from({ length: count }, () => ({
    insert_id: `e-${(serial += 1)}`,
    name: 'tick',
    user_id: 'u1',
    timestamp: new Date(at).toISOString(),
    receivedAt: new Date(at),
    demo: false,
  }));
  return { events, resolve: () => undefined, reject: () => undefined };
}
const ids = (w: QueuedWrite) => w.events.map((event) => event.insert_id);

describe('WriteQueue', () => {
  it("packs the small writes of one project into one data chunk, in arrival order, and a big one into its own", () => {
    const queue = new WriteQueue();
    const small = [write(1), write(10), write(1)];
    const big = write(OWN_CHUNK_EVENTS);
    const later = write(3);
    queue.add(a, small[0]!);
    queue.add(b, write(2));
    queue.add(a, small[1]!);
    queue.add(a, small[2]!);
    queue.add(a, big);
    queue.add(a, later);
    expect(queue.events).toBe(12 + 2 + OWN_CHUNK_EVENTS + 3);
    const parcels = queue.take(50_000).get(a)!;
    // The small ones before the big one (which packed them), then the one after it: order kept.
    expect(parcels.map((parcel) => parcel.writes)).toEqual([small, [big], [later]]);
    expect(parcels.map((parcel) => parcel.chunks.length)).toEqual([1, 1, 1]);
    expect(parcels[0]!.chunks[0]!.rowCount).toBe(12);
    expect(parcels.flatMap((parcel) => parcel.writes.flatMap(ids))).toEqual([...small, big, later].flatMap(ids));
    expect(queue.empty).toBe(true);
  });

  it('starts a new chunk when the small writes would overfill one, and a commit takes at most its share', () => {
    const queue = new WriteQueue();
    const writes = Array.from({ length: Math.ceil(CHUNK_ROWS / 200) + 1 }, () => write(200));
    for (const w of writes) queue.add(a, w);
    const parcels = queue.take(Number.MAX_SAFE_INTEGER).get(a)!;
    expect(parcels.map((parcel) => parcel.count)).toEqual([Math.floor(CHUNK_ROWS / 200) * 200, (writes.length - Math.floor(CHUNK_ROWS / 200)) * 200]);
    for (let i = 0; i < 3; i += 1) queue.add(b, write(OWN_CHUNK_EVENTS + 1));
    expect(queue.take(OWN_CHUNK_EVENTS * 2 + 2).get(b)).toHaveLength(2);
  });
});
