import type { AnalyticsQueryInput } from '@questboard/shared/analytics-view';
import type { ProjectMoney } from '@questboard/shared/money';
import { demoPopulation } from '../src/modules/demo/demo-population';
import type { NewEvent } from '../src/modules/events/event-store';

// The population and views the metric comparisons share (metrics-reference.int.test.ts, each store
// against the reference; clickhouse-*.int.test.ts, ClickHouse against DuckDB): 1,500 demo players
// over 60 days (about 60,000 events) with the shapes demo players never send.

export const end = new Date('2026-03-01T15:00:00Z'); // the window is 2026-01-01..2026-03-01, the last day half over
export const today = '2026-03-01';
export const receivedAt = new Date('2026-03-01T15:00:00Z');

// Reported in USD with a rate for EUR only: the JPY purchases are left out and reported (ADR 011).
export const money: ProjectMoney = { currency: 'USD', rates: { EUR: 0.925 } };

/**
 * The demo events with a few changes, so the comparison also covers what demo players never do:
 * every 5th player sends no session_id (sessions by the 30-minute rule), every 7th stops sending a
 * country after its install, every 11th plays on the web after its install day; a third of the
 * players pay in JPY and a third in EUR, and every 4th purchase of every 13th player is of 0.
 */
export function population(): NewEvent[] {
  const events: NewEvent[] = [];
  const installDays = new Map<string, string>();
  let purchases = 0;
  for (const demo of demoPopulation({ players: 1500, days: 60, end, seed: 3 })) {
    const index = Number(demo.user_id.slice(-6));
    const day = demo.timestamp.slice(0, 10);
    const installDay = installDays.get(demo.user_id);
    if (installDay === undefined) installDays.set(demo.user_id, day);
    const event: NewEvent = { ...demo, receivedAt, demo: true };
    if (index % 5 === 0) delete event.session_id;
    if (index % 7 === 0 && installDay !== undefined) delete event.country;
    if (index % 11 === 0 && installDay !== undefined && installDay !== day) event.platform = 'web';
    // Properties the demo does not send (issue 17): many text values, booleans, and a key whose
    // values are sometimes numbers and sometimes text.
    if (event.name === 'store_open') {
      event.properties = { ...event.properties, item_id: `item-${index % 23}`, vip: index % 2 === 0, tier: index % 3 === 0 ? 5 : 'gold' };
    }
    if (event.revenue_amount !== undefined) {
      purchases += 1;
      if (index % 3 === 1) Object.assign(event, { currency: 'JPY', revenue_amount: Math.round(event.revenue_amount * 150) });
      if (index % 3 === 2) event.currency = 'EUR';
      if (index % 13 === 0 && purchases % 4 === 0) event.revenue_amount = 0;
    }
    events.push(event);
  }
  return events;
}

export const whole = { from: '2026-01-01', to: '2026-03-01' };
export const fortnight = { from: '2026-02-10', to: '2026-02-23' };
export const views: [string, AnalyticsQueryInput][] = [
  ['60 days by day', { ...whole }],
  ['60 days by week', { ...whole, granularity: 'week' }],
  ['60 days by month', { ...whole, granularity: 'month' }],
  ['14 days by day', { ...fortnight }],
  ['14 days by week', { ...fortnight, granularity: 'week' }],
  ['iOS and web', { ...whole, granularity: 'week', platform: 'ios,web' }],
  ['US and DE, version 1.2.1', { ...fortnight, country: 'US,DE', app_version: '1.2.1' }],
];
