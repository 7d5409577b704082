import { describe, expect, it } from 'vitest';
import { acceptableVersion } from './read-freshness';

describe('how fresh an analytics read must be', () => {
  it('sees every change when no refresh runs, or when the one running began after them all', () => {
    expect(acceptableVersion({ version: 7, exact: 0, refreshed: 3, refreshing: null })).toBe(7);
    expect(acceptableVersion({ version: 7, exact: 0, refreshed: 3, refreshing: 7 })).toBe(7);
    // The first read of a project: nothing refreshed yet.
    expect(acceptableVersion({ version: 0, exact: 0, refreshed: -1, refreshing: null })).toBe(0);
  });

  it('takes the rollups as they are while a refresh runs and events keep arriving', () => {
    expect(acceptableVersion({ version: 9, exact: 0, refreshed: 3, refreshing: 7 })).toBe(3);
  });

  it('never answers from before the last delete, even then', () => {
    expect(acceptableVersion({ version: 9, exact: 8, refreshed: 3, refreshing: 7 })).toBe(8);
    // Nothing refreshed yet: the read waits for the refresh running.
    expect(acceptableVersion({ version: 9, exact: 0, refreshed: -1, refreshing: 7 })).toBe(0);
  });
});
