import { describe, expect, it } from 'vitest';

import {
  funnelCallParams,
  readFunnelAddress,
  windowLabel,
  windowParts,
  writeFunnelAddress,
  type FunnelAddress,
} from './funnel-address';

const today = '2026-11-16';

describe('the funnel in the address', () => {
  const funnel: FunnelAddress = {
    from: '2026-10-01',
    to: '2026-10-31',
    granularity: 'week',
    filters: { platform: 'ios', country: '', app_version: '1.2.0' },
    steps: [
      { event: 'tutorial_step', filters: [{ property: 'step', operator: 'eq', value: '1' }] },
      { event: 'tutorial_step', filters: [{ property: 'step', operator: 'in', values: ['2', '3'] }] },
      { event: 'level_complete', filters: [{ property: 'level', operator: 'gte', value: 5 }] },
    ],
    window: 90,
    order: 'any',
    breakdown: 'property',
    breakdownProperty: 'step_name',
  };

  it('reads back what it wrote, through a reload of the address', () => {
    const reloaded = new URLSearchParams(`?${writeFunnelAddress(funnel).toString()}`);
    expect(readFunnelAddress(reloaded, today)).toEqual(funnel);
  });

  it('falls back to the defaults for what the server would refuse', () => {
    const address = readFunnelAddress(
      new URLSearchParams({
        from: '2026-02-30',
        to: '2026-03-01',
        steps: '[{"event":"only one"}]',
        window: '200000',
        order: 'exact',
        breakdown: 'x',
      }),
      today,
    );
    expect(address).toMatchObject({ from: '2026-10-18', to: today, window: 1440, order: 'strict', breakdown: 'none' });
    expect(address.steps.map((step) => step.event)).toEqual(['install', 'tutorial_complete']);
    expect(readFunnelAddress(new URLSearchParams({ steps: '{not json' }), today).steps).toHaveLength(2);
  });

  it('asks the server for no property breakdown until a property is named', () => {
    expect(funnelCallParams({ ...funnel, breakdownProperty: '' })).not.toHaveProperty('breakdown');
    expect(funnelCallParams(funnel)).toMatchObject({
      breakdown: 'property',
      breakdownProperty: 'step_name',
      window: '90',
      order: 'any',
    });
  });

  it.each([
    [1, { amount: 1, unit: 'minutes' }, '1 minute'],
    [90, { amount: 90, unit: 'minutes' }, '90 minutes'],
    [120, { amount: 2, unit: 'hours' }, '2 hours'],
    [1440, { amount: 1, unit: 'days' }, '1 day'],
    [129_600, { amount: 90, unit: 'days' }, '90 days'],
  ] as const)('a window of %i minutes is %j, "%s"', (minutes, parts, label) => {
    expect(windowParts(minutes)).toEqual(parts);
    expect(windowLabel(minutes)).toBe(label);
  });
});
