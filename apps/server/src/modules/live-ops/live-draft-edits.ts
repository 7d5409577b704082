import { randomUUID } from 'node:crypto';
import { createRolloutSalt } from '@questboard/shared/live-rollout';
import {
  LIVE_EVENTS_MAX,
  LIVE_KEYS_MAX,
  type LiveConfigSnapshot,
  type LiveEvent,
  type LiveKey,
  type LiveRule,
} from '@questboard/shared/live-config';
import {
  LIVE_MAX_SNAPSHOT_BYTES,
  liveErrorCodes,
  liveMessages,
  type LiveKeyInput,
  type LiveRuleInput,
} from '@questboard/shared/live-api';
import { HttpError } from '../../http-error';

// Edits of a draft as pure functions of the snapshot: the service locks, applies one, writes.

export const liveErrors = {
  keyExists: (name: string) => new HttpError(409, liveErrorCodes.keyExists, liveMessages.keyExists(name)),
  keyNotFound: (name: string) => new HttpError(404, liveErrorCodes.keyNotFound, liveMessages.keyNotFound(name)),
  keyInUse: (name: string, events: readonly string[]) =>
    new HttpError(409, liveErrorCodes.keyInUse, liveMessages.keyInUse(name, events)),
  eventNotFound: () => new HttpError(404, liveErrorCodes.eventNotFound, liveMessages.eventNotFound),
  versionNotFound: (version: number) =>
    new HttpError(404, liveErrorCodes.versionNotFound, liveMessages.versionNotFound(version)),
  limit: (message: string) => new HttpError(409, liveErrorCodes.limit, message),
};

export const newId = () => randomUUID();

/** The rules as sent, each known id keeping its salt; an unknown or missing id is a new rule. */
export function rulesFrom(inputs: readonly LiveRuleInput[], previous: readonly LiveRule[]): LiveRule[] {
  const known = new Map(previous.map((rule) => [rule.id, rule]));
  const seen = new Set<string>();
  return inputs.map((input) => {
    const old = input.id === undefined || seen.has(input.id) ? undefined : known.get(input.id);
    const id = old?.id ?? newId();
    seen.add(id);
    // Made once with the rule and never changed, so raising the percentage only adds players.
    const salt = old?.rollout?.salt ?? createRolloutSalt();
    return {
      id,
      conditions: input.conditions,
      rollout: input.rollout ? { percentage: input.rollout.percentage, salt } : null,
      value: input.value,
    };
  });
}

export function keyFrom(name: string, input: LiveKeyInput, previous: LiveKey | undefined): LiveKey {
  return {
    name,
    type: input.type,
    defaultValue: input.defaultValue,
    description: input.description,
    rules: rulesFrom(input.rules, previous?.rules ?? []),
  };
}

/** Adds a key, or replaces the one of that name (`mode` says which the caller expects). */
export function putKey(snapshot: LiveConfigSnapshot, key: LiveKey, mode: 'create' | 'update'): LiveConfigSnapshot {
  const index = snapshot.keys.findIndex((existing) => existing.name === key.name);
  if (mode === 'create' && index >= 0) throw liveErrors.keyExists(key.name);
  if (mode === 'update' && index < 0) throw liveErrors.keyNotFound(key.name);
  if (index < 0) {
    if (snapshot.keys.length >= LIVE_KEYS_MAX) throw liveErrors.limit(liveMessages.tooManyKeys);
    return { ...snapshot, keys: [...snapshot.keys, key] };
  }
  return { ...snapshot, keys: snapshot.keys.map((existing, at) => (at === index ? key : existing)) };
}

/** The names of the events that override `name`. */
export function eventsOverriding(events: readonly LiveEvent[], name: string): string[] {
  return events.filter((event) => event.overrides.some((override) => override.key === name)).map((event) => event.name);
}

/**
 * Removes a key. Live events of the draft or of the published version that override it are named
 * in a 409 unless `confirm`; confirmed, the draft's events lose their overrides of it.
 */
export function deleteKey(
  snapshot: LiveConfigSnapshot,
  name: string,
  published: LiveConfigSnapshot | undefined,
  confirm: boolean,
): LiveConfigSnapshot {
  if (!snapshot.keys.some((key) => key.name === name)) throw liveErrors.keyNotFound(name);
  const using = [
    ...new Set([...eventsOverriding(snapshot.events, name), ...eventsOverriding(published?.events ?? [], name)]),
  ];
  if (using.length > 0 && !confirm) throw liveErrors.keyInUse(name, using);
  return {
    keys: snapshot.keys.filter((key) => key.name !== name),
    events: snapshot.events.map((event) =>
      event.overrides.some((override) => override.key === name)
        ? { ...event, overrides: event.overrides.filter((override) => override.key !== name) }
        : event,
    ),
  };
}

/** Adds a live event, or replaces the one with its id (`mode` says which the caller expects). */
export function putEvent(
  snapshot: LiveConfigSnapshot,
  event: LiveEvent,
  mode: 'create' | 'update',
): LiveConfigSnapshot {
  if (mode === 'create') {
    if (snapshot.events.length >= LIVE_EVENTS_MAX) throw liveErrors.limit(liveMessages.tooManyEvents);
    return { ...snapshot, events: [...snapshot.events, event] };
  }
  if (!snapshot.events.some((existing) => existing.id === event.id)) throw liveErrors.eventNotFound();
  return { ...snapshot, events: snapshot.events.map((existing) => (existing.id === event.id ? event : existing)) };
}

export function deleteEvent(snapshot: LiveConfigSnapshot, id: string): LiveConfigSnapshot {
  if (!snapshot.events.some((event) => event.id === id)) throw liveErrors.eventNotFound();
  return { ...snapshot, events: snapshot.events.filter((event) => event.id !== id) };
}

/** The serialised size bound (a download a game can afford), checked on every write. */
export function checkSnapshotSize(snapshot: LiveConfigSnapshot): void {
  const bytes = Buffer.byteLength(JSON.stringify(snapshot));
  if (bytes > LIVE_MAX_SNAPSHOT_BYTES) throw liveErrors.limit(liveMessages.snapshotTooLarge(bytes));
}
