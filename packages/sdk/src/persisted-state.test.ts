import { describe, expect, it } from 'vitest';
import { readPersistedState } from './persisted-state';

const event = { insert_id: 'i1', name: 'level_up', user_id: 'p1', timestamp: '2026-05-01T12:00:00.000Z' };

describe('readPersistedState', () => {
  it('keeps a well-formed state as it is', () => {
    const state = {
      version: 1,
      anonymousId: 'a1',
      userId: 'p1',
      session: { id: 's1', lastEventAt: 5 },
      queue: [event],
    };
    expect(readPersistedState(state)).toEqual(state);
  });

  it.each([undefined, null, 'text', [], { version: 2, anonymousId: 'a1', queue: [] }, { version: 1, queue: [] }])(
    'refuses %j',
    (raw) => {
      expect(readPersistedState(raw)).toBeUndefined();
    },
  );

  it('leaves out what it cannot use rather than refusing the rest', () => {
    const raw = {
      version: 1,
      anonymousId: 'a1',
      userId: '',
      session: { id: 's1', lastEventAt: 'yesterday' },
      queue: [event, null, { ...event, insert_id: 7 }, { name: 'no ids' }],
    };
    expect(readPersistedState(raw)).toEqual({ version: 1, anonymousId: 'a1', queue: [event] });
  });

  it('keeps the install date and the last live config, and leaves out unusable ones', () => {
    const liveConfig = { query: 'user_id=p1', etag: '"e1"', version: 3, values: { 'shop.discount': 0.3 } };
    const base = { version: 1, anonymousId: 'a1', queue: [] };
    expect(readPersistedState({ ...base, installDate: '2026-05-01', liveConfig })).toEqual({ ...base, installDate: '2026-05-01', liveConfig });
    expect(readPersistedState({ ...base, installDate: 'May 1st', liveConfig: { ...liveConfig, values: [] } })).toEqual(base);
    expect(readPersistedState({ ...base, liveConfig: { ...liveConfig, version: '3' } })).toEqual(base);
  });
});
