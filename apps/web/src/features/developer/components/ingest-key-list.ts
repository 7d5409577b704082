import type { IngestKey } from '@questboard/shared/developer';

/** Active keys first in the order they were made, then revoked ones, most recently revoked first. */
export function orderIngestKeys(keys: readonly IngestKey[]): IngestKey[] {
  const active = keys.filter((key) => key.revokedAt === null);
  const revoked = keys
    .filter((key) => key.revokedAt !== null)
    .sort((a, b) => (b.revokedAt ?? '').localeCompare(a.revokedAt ?? ''));
  return [...active, ...revoked];
}

/** The key the snippets show: the first active standard key (the demo key is for demo data only). */
export function snippetKey(keys: readonly IngestKey[]): IngestKey | undefined {
  return keys.find((key) => key.revokedAt === null && key.kind === 'standard');
}

export function activeKeyCount(keys: readonly IngestKey[]): number {
  return keys.filter((key) => key.revokedAt === null).length;
}
