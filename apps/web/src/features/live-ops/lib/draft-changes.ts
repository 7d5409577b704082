// What the draft changes against the published version, for the markers beside keys and live events,
// and a diff in words for the version history. Both read the shared diff (live-diff.ts).
import type { LiveDiff } from '@questboard/shared/live-api';
import type { LiveConfigSnapshot } from '@questboard/shared/live-config';
import { diffLiveConfig } from '@questboard/shared/live-diff';

import { valueSummary } from '../../../lib/live-config/value-text';

export type DraftMark = 'new' | 'changed';

export interface DraftChanges {
  keys: Map<string, DraftMark>;
  /** Published keys the draft no longer has. */
  removedKeys: string[];
  events: Map<string, DraftMark>;
  removedEvents: string[];
}

/** The draft against the published snapshot (null before the first publish: everything is new). */
export function draftChanges(draft: LiveConfigSnapshot, published: LiveConfigSnapshot | null): DraftChanges {
  const diff = diffLiveConfig(published ?? { keys: [], events: [] }, draft);
  const changes: DraftChanges = { keys: new Map(), removedKeys: [], events: new Map(), removedEvents: [] };
  for (const change of diff.keys) {
    if (change.change === 'removed') changes.removedKeys.push(change.name);
    else changes.keys.set(change.name, change.change === 'added' ? 'new' : 'changed');
  }
  for (const change of diff.events) {
    if (change.change === 'removed') changes.removedEvents.push(change.name);
    else changes.events.set(change.id, change.change === 'added' ? 'new' : 'changed');
  }
  return changes;
}

const keyFieldWords = { type: 'type', defaultValue: 'default value', description: 'description' } as const;
const eventFieldWords = { name: 'name', startsAt: 'start', endsAt: 'end', conditions: 'targeting', overrides: 'overrides' } as const;

/** One line per change, "Key shop.discount: default value 0.1 → 0.3, rule 2 added", in the diff's order. */
export function diffLines(diff: Pick<LiveDiff, 'keys' | 'events'>): string[] {
  const lines: string[] = [];
  for (const change of diff.keys) {
    if (change.change === 'added') lines.push(`Key ${change.name} added (default ${valueSummary(change.after.defaultValue)})`);
    else if (change.change === 'removed') lines.push(`Key ${change.name} removed`);
    else {
      const parts = change.fields.map((field) =>
        field === 'defaultValue'
          ? `default value ${valueSummary(change.before.defaultValue)} → ${valueSummary(change.after.defaultValue)}`
          : `${keyFieldWords[field]} changed`,
      );
      for (const rule of change.rules) {
        if (rule.change === 'added') parts.push(`rule ${rule.after.index + 1} added`);
        else if (rule.change === 'removed') parts.push(`rule ${rule.before.index + 1} removed`);
        else if (rule.change === 'moved') parts.push(`rule ${rule.before.index + 1} moved to ${rule.after.index + 1}`);
        else parts.push(`rule ${rule.after.index + 1} changed`);
      }
      lines.push(`Key ${change.name}: ${parts.join(', ')}`);
    }
  }
  for (const change of diff.events) {
    if (change.change === 'added') lines.push(`Live event "${change.name}" added`);
    else if (change.change === 'removed') lines.push(`Live event "${change.name}" removed`);
    else lines.push(`Live event "${change.name}": ${change.fields.map((field) => eventFieldWords[field]).join(', ')} changed`);
  }
  return lines;
}
