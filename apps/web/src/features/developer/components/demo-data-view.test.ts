import type { DemoDataStatus, EventSummary } from '@questboard/shared/developer';
import { describe, expect, it } from 'vitest';

import { type DemoDataView, demoDataView, demoProgressPercent } from './demo-data-view';

const status = (overrides: Partial<DemoDataStatus> = {}): DemoDataStatus => ({
  state: 'idle',
  players: 0,
  sentEvents: 0,
  demoEvents: 0,
  error: null,
  ...overrides,
});
const summary = (totalEvents: number, demoEvents: number): EventSummary => ({ totalEvents, demoEvents, lastReceivedAt: null });

describe('demoDataView', () => {
  it.each<[string, DemoDataStatus | undefined, EventSummary | null | undefined, DemoDataView]>([
    ['status unknown', undefined, summary(0, 0), { kind: 'checking' }],
    ['totals unknown', status(), undefined, { kind: 'checking' }],
    ['empty project', status(), summary(0, 0), { kind: 'available', error: null }],
    ['totals unreadable: the server decides', status(), null, { kind: 'available', error: null }],
    ['last load failed', status({ state: 'failed', error: 'Boom.' }), summary(0, 0), { kind: 'available', error: 'Boom.' }],
    ['real events', status(), summary(5, 0), { kind: 'real-events' }],
    [
      'running',
      status({ state: 'running', players: 20_000, sentEvents: 620_000 }),
      summary(0, 0),
      { kind: 'running', sentEvents: 620_000, players: 20_000, percent: 50 },
    ],
    ['loaded', status({ state: 'done', demoEvents: 1200 }), summary(1200, 1200), { kind: 'loaded', demoEvents: 1200, error: null }],
    ['loaded, real events too', status({ demoEvents: 1200 }), summary(1205, 1200), { kind: 'loaded', demoEvents: 1200, error: null }],
    ['loaded: the live totals are newer', status({ state: 'done', demoEvents: 1000 }), summary(1200, 1200), { kind: 'loaded', demoEvents: 1200, error: null }],
    ['removed meanwhile', status({ state: 'done', demoEvents: 1200 }), summary(0, 0), { kind: 'available', error: null }],
    ['stopped early', status({ state: 'failed', demoEvents: 300, error: 'Stopped.' }), undefined, { kind: 'loaded', demoEvents: 300, error: 'Stopped.' }],
  ])('%s', (_case, demo, totals, view) => {
    expect(demoDataView(demo, totals)).toEqual(view);
  });
});

describe('demoProgressPercent', () => {
  it.each([
    [0, 20_000, 0],
    [124_000, 20_000, 10],
    [1_240_000, 20_000, 99],
    [5_000_000, 20_000, 99],
    [10, 0, 0],
  ])('%i events of %i players → %i %%', (sent, players, percent) => {
    expect(demoProgressPercent(sent, players)).toBe(percent);
  });
});
