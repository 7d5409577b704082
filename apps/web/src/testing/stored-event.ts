import type { StoredEvent } from '@questboard/shared/events';

/**
 * An event as the store answers it (developer page's live check, analytics event lists and player
 * timelines): an iOS session_start from Germany, received now, unless `overrides` say otherwise.
 */
export function aStoredEvent(overrides: Partial<StoredEvent> = {}): StoredEvent {
  return {
    insert_id: `event-${Math.random().toString(36).slice(2)}`,
    name: 'session_start',
    user_id: 'player-1',
    session_id: null,
    timestamp: '2026-03-04T10:00:00.000Z',
    received_at: new Date().toISOString(),
    platform: 'ios',
    app_version: null,
    build: null,
    country: 'DE',
    properties: {},
    revenue_amount: null,
    currency: null,
    product_id: null,
    demo: false,
    ...overrides,
  };
}
