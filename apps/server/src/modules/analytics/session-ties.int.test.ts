import { analyticsQuerySchema } from '@questboard/shared/analytics-view';
import { describe, expect, it } from 'vitest';
import { eventStoreTargets, openTestEventStore } from '../../../test/event-stores';
import type { NewEvent } from '../events/event-store';

// Events without a session id sent in the same millisecond are one session (docs/product/metrics.md
// #sessions): the split orders a player's events by time, then insert_id. Ordered by time alone,
// DuckDB's two window functions could see a tie in different orders and split it (an extra session
// in about one run of five); 300 players with a tie each make that certain to show.

const projectId = '0a7c5e11-7777-4777-8777-000000000071';
const receivedAt = new Date('2026-04-01T00:00:00Z');

function players(): NewEvent[] {
  const events: NewEvent[] = [];
  for (let player = 0; player < 300; player += 1) {
    const at = Date.parse('2026-03-10T10:00:00Z') + player * 1000;
    for (const [index, offset] of [0, 0, 0, 600_000].entries()) {
      events.push({ insert_id: `tie-${player}-${index}`, name: index === 0 ? 'session_start' : 'level_start', user_id: `p${player}`, timestamp: new Date(at + offset).toISOString(), receivedAt, demo: false });
    }
  }
  return events;
}

describe.each(eventStoreTargets)('$name store', (target) => {
  it('counts a player’s events of one millisecond and ten minutes later as one session', async () => {
    const { store, close } = await openTestEventStore(target);
    try {
      await store.append(projectId, players());
      const engagement = await store.metrics.engagement(projectId, analyticsQuerySchema.parse({ from: '2026-03-10', to: '2026-03-10' }));
      expect(engagement.totals.sessions).toBe(300);
      expect(engagement.totals.medianSessionLength).toBe(600);
    } finally {
      await close();
    }
  });
});
