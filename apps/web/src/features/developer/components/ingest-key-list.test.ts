import type { IngestKey } from '@questboard/shared/developer';
import { describe, expect, it } from 'vitest';

import { activeKeyCount, orderIngestKeys, snippetKey } from './ingest-key-list';

const key = (name: string, overrides: Partial<IngestKey> = {}): IngestKey => ({
  id: name,
  name,
  key: `qbk_${name}`,
  kind: 'standard',
  createdAt: '2026-03-04T10:00:00.000Z',
  revokedAt: null,
  lastUsedAt: null,
  ...overrides,
});

describe('orderIngestKeys', () => {
  it('keeps active keys in creation order and puts revoked ones last, latest revocation first', () => {
    const keys = [
      key('a', { revokedAt: '2026-03-05T10:00:00.000Z' }),
      key('b'),
      key('c', { revokedAt: '2026-03-06T10:00:00.000Z' }),
      key('d'),
    ];
    expect(orderIngestKeys(keys).map((each) => each.name)).toEqual(['b', 'd', 'c', 'a']);
    expect(activeKeyCount(keys)).toBe(2);
  });
});

describe('snippetKey', () => {
  it.each([
    ['the first active standard key', [key('old', { revokedAt: '2026-03-05T10:00:00.000Z' }), key('demo', { kind: 'demo' }), key('ios'), key('web')], 'ios'],
    ['none when only the demo key is active', [key('demo', { kind: 'demo' })], undefined],
    ['none without keys', [], undefined],
  ])('%s', (_case, keys, name) => {
    expect(snippetKey(keys)?.name).toBe(name);
  });
});
