import { liveEventSchema, liveKeySchema, type LiveEvent, type LiveKey } from '@questboard/shared/live-config';
import { LiveConfigInvalid, problemsOf } from './live-service';

// One edit is checked on its own (a key's values against its type, its conditions; an event's
// overrides against the draft's keys): the draft may be inconsistent across items while it is
// edited, and publishing checks the whole of it.

const text = (problem: { path: string; message: string }) => `${problem.path}\n${problem.message}`;

export const checkItem = {
  key(key: LiveKey): LiveKey {
    const problems = problemsOf({ keys: [key], events: [] });
    if (problems.length > 0) throw new LiveConfigInvalid(problems);
    // Stored as the schema writes it: names trimmed, platforms lower-cased, countries upper-cased.
    return liveKeySchema.parse(key);
  },
  /** Only the problems the event brings: those of the keys alone are the keys' own edits to fix. */
  event(keys: readonly LiveKey[], event: LiveEvent): LiveEvent {
    const before = new Set(problemsOf({ keys: [...keys], events: [] }).map(text));
    const problems = problemsOf({ keys: [...keys], events: [event] }).filter((problem) => !before.has(text(problem)));
    if (problems.length > 0) throw new LiveConfigInvalid(problems);
    return liveEventSchema.parse(event);
  },
};
