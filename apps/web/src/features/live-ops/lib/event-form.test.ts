import { describe, expect, it } from 'vitest';

import { buildEvent, emptyEventFields, eventFieldsOf, utcInstantOf } from './event-form';

const keys = [
  { name: 'shop.discount', type: 'number' as const, defaultValue: 0, description: '', rules: [] },
  { name: 'banner', type: 'string' as const, defaultValue: '', description: '', rules: [] },
];

describe('buildEvent', () => {
  it('reads the window as UTC and each override by its key type', () => {
    const fields = { ...emptyEventFields(new Date('2026-10-01T15:00:00Z'), 'shop.discount'), name: 'Halloween', startsAt: '2026-10-30T00:00', endsAt: '2026-11-02T00:00' };
    fields.overrides = [{ rowKey: 'a', key: 'shop.discount', value: '0.3' }, { rowKey: 'b', key: 'banner', value: 'Spooky' }];
    expect(buildEvent(fields, keys)).toEqual({
      ok: true,
      body: {
        name: 'Halloween',
        startsAt: '2026-10-30T00:00:00Z',
        endsAt: '2026-11-02T00:00:00Z',
        conditions: [],
        overrides: [{ key: 'shop.discount', value: 0.3 }, { key: 'banner', value: 'Spooky' }],
      },
    });
  });

  it('starts tomorrow at 00:00 UTC for a week', () => {
    const fields = emptyEventFields(new Date('2026-10-01T15:00:00Z'), 'banner');
    expect([fields.startsAt, fields.endsAt]).toEqual(['2026-10-02T00:00', '2026-10-09T00:00']);
  });

  it('gives the shared messages by field', () => {
    const fields = { ...emptyEventFields(new Date('2026-10-01T00:00:00Z'), undefined), startsAt: '2026-11-02T00:00', endsAt: '2026-10-30T00:00' };
    fields.overrides = [{ rowKey: 'a', key: '', value: '' }, { rowKey: 'b', key: 'shop.discount', value: 'many' }];
    const built = buildEvent(fields, keys);
    expect(built.ok ? null : built.errors).toEqual({
      name: 'Enter the live event name',
      endsAt: 'The end must be after the start',
      'overrides.0.key': 'Choose a key to override',
      'overrides.1.value': 'The value must be a number: the key is of type number',
    });
  });

  it('round-trips a saved event', () => {
    const saved = { id: 'e1', name: 'Winter', startsAt: '2026-12-20T08:30:00Z', endsAt: '2027-01-02T00:00:00Z', conditions: [{ kind: 'platform' as const, values: ['ios'] }], overrides: [{ key: 'banner', value: 'Snow' }] };
    expect(buildEvent(eventFieldsOf(saved, keys), keys)).toEqual({ ok: true, body: { ...saved, id: undefined, startsAt: '2026-12-20T08:30:00Z' } });
  });

  it('leaves text that is no datetime to the schema', () => {
    expect(utcInstantOf('2026-10-30T00:00')).toBe('2026-10-30T00:00:00Z');
    expect(utcInstantOf('tomorrow')).toBe('tomorrow');
  });
});
