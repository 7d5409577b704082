// docs/product/live-ops.md: a project's live configuration (keys, their rules, live events) and what one
// player sends to get its values. Conditions live in live-condition.ts, value types in live-value.ts,
// evaluation in live-evaluate.ts; ADR 020 explains the rules and the rollout hash.
import { z } from 'zod';
import { isDatabaseText } from './database-text';
import { liveConditionSchema } from './live-condition';
import { LIVE_PROPERTY_NAME_MAX, LIVE_PROPERTY_TEXT_MAX } from './live-condition';
import type { LiveValueType } from './live-value';
import { liveValueTypes, validateLiveValue } from './live-value';

export const LIVE_KEY_NAME_MAX = 64;
export const LIVE_KEYS_MAX = 1000;
export const LIVE_RULES_MAX = 50;
export const LIVE_CONDITIONS_MAX = 20;
export const LIVE_EVENTS_MAX = 500;
export const LIVE_OVERRIDES_MAX = 200;
export const LIVE_DESCRIPTION_MAX = 500;
export const LIVE_EVENT_NAME_MAX = 100;
export const LIVE_ID_MAX = 64;
/** Percentages have two decimals: 12.34% is the finest step. */
export const ROLLOUT_STEP = 0.01;

export const liveKeyNameSchema = z
  .string({ error: 'Enter the key name' })
  .trim()
  .min(1, { error: 'Enter the key name', abort: true })
  .max(LIVE_KEY_NAME_MAX, { error: `A key name must be at most ${LIVE_KEY_NAME_MAX} characters`, abort: true })
  .regex(/^[A-Za-z0-9_.-]+$/, { error: 'A key name may only contain letters, digits, _, . and -', abort: true })
  // Games read values as a JSON object: this name would set its prototype in most languages' JSON code.
  .refine((name) => name !== '__proto__', { error: 'A key name cannot be __proto__' });

export const liveValueTypeSchema = z.enum(liveValueTypes, { error: 'The type must be string, number, boolean or json' });

/** Ids of rules and events: made by whoever creates them (a UUID fits), never changed. */
export const liveIdSchema = z
  .string({ error: 'An id is required' })
  .regex(new RegExp(`^[A-Za-z0-9_-]{1,${LIVE_ID_MAX}}$`), { error: `An id must be 1 to ${LIVE_ID_MAX} letters, digits, _ or -` });

const percentage = z
  .number({ error: 'The rollout percentage must be a number from 0 to 100' })
  .min(0, { error: 'The rollout percentage must be a number from 0 to 100', abort: true })
  .max(100, { error: 'The rollout percentage must be a number from 0 to 100', abort: true })
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
    error: 'The rollout percentage has at most two decimals, like 12.5 or 0.25',
  });

/** A percentage rollout: the players whose bucket (live-rollout.ts) is below percentage × 100. */
export const liveRolloutSchema = z.object({
  percentage,
  // Made once with the rule (createRolloutSalt) and never changed, so raising the percentage only adds players.
  salt: liveIdSchema,
});
export type LiveRollout = z.infer<typeof liveRolloutSchema>;

const conditions = z
  .array(liveConditionSchema, { error: 'Conditions must be a list' })
  .max(LIVE_CONDITIONS_MAX, { error: `At most ${LIVE_CONDITIONS_MAX} conditions` });

export const liveRuleSchema = z.object({
  id: liveIdSchema,
  /** All must match; none matches everyone. */
  conditions,
  rollout: liveRolloutSchema.nullable(),
  /** Checked against the key's type by liveKeySchema. */
  value: z.unknown(),
});
export type LiveRule = z.infer<typeof liveRuleSchema>;

function addValueIssue(context: z.RefinementCtx, type: LiveValueType, value: unknown, path: PropertyKey[]) {
  const message = validateLiveValue(type, value);
  if (message) context.addIssue({ code: 'custom', message, path, input: value });
}

export const liveKeySchema = z
  .object({
    name: liveKeyNameSchema,
    type: liveValueTypeSchema,
    defaultValue: z.unknown(),
    description: z
      .string({ error: 'The description must be text' })
      .trim()
      .max(LIVE_DESCRIPTION_MAX, { error: `The description must be at most ${LIVE_DESCRIPTION_MAX} characters`, abort: true })
      .refine(isDatabaseText, { error: 'The description must not contain NUL characters or broken Unicode' })
      .default(''),
    /** In order: the first that matches gives the value, else the default. */
    rules: z
      .array(liveRuleSchema, { error: 'Rules must be a list' })
      .max(LIVE_RULES_MAX, { error: `A key has at most ${LIVE_RULES_MAX} rules` })
      .default([]),
  })
  .superRefine((key, context) => {
    addValueIssue(context, key.type, key.defaultValue, ['defaultValue']);
    const ids = new Set<string>();
    key.rules.forEach((rule, index) => {
      addValueIssue(context, key.type, rule.value, ['rules', index, 'value']);
      if (ids.has(rule.id)) context.addIssue({ code: 'custom', message: `Two rules have the id ${rule.id}`, path: ['rules', index, 'id'], input: rule.id });
      ids.add(rule.id);
    });
  });
export type LiveKey = z.infer<typeof liveKeySchema>;

// UTC only, so the timeline and every player agree on when an event starts.
const utcInstant = (label: string) =>
  z.iso.datetime({ error: `${label} must be a UTC date-time like 2026-10-30T00:00:00Z` });

export const liveEventSchema = z
  .object({
    id: liveIdSchema,
    name: z
      .string({ error: 'Enter the live event name' })
      .trim()
      .min(1, { error: 'Enter the live event name', abort: true })
      .max(LIVE_EVENT_NAME_MAX, { error: `A live event name must be at most ${LIVE_EVENT_NAME_MAX} characters`, abort: true })
      .refine(isDatabaseText, { error: 'The live event name must not contain NUL characters or broken Unicode' }),
    /** Inclusive. */
    startsAt: utcInstant('The start'),
    /** Exclusive. */
    endsAt: utcInstant('The end'),
    /** Who the event is for; none is everyone. */
    conditions,
    overrides: z
      .array(z.object({ key: liveKeyNameSchema, value: z.unknown() }), { error: 'Overrides must be a list' })
      .min(1, { error: 'A live event overrides at least one key' })
      .max(LIVE_OVERRIDES_MAX, { error: `A live event overrides at most ${LIVE_OVERRIDES_MAX} keys` }),
  })
  .superRefine((event, context) => {
    if (Date.parse(event.endsAt) <= Date.parse(event.startsAt)) {
      context.addIssue({ code: 'custom', message: 'The end must be after the start', path: ['endsAt'], input: event.endsAt });
    }
    const keys = new Set<string>();
    event.overrides.forEach((override, index) => {
      if (keys.has(override.key)) {
        context.addIssue({ code: 'custom', message: `The key ${override.key} is overridden twice`, path: ['overrides', index, 'key'], input: override.key });
      }
      keys.add(override.key);
    });
  });
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** Whether a live event is on at `now` (epoch ms): from its start (inclusive) to its end (exclusive). */
export function isLiveEventActive(event: Pick<LiveEvent, 'startsAt' | 'endsAt'>, now: number): boolean {
  return Date.parse(event.startsAt) <= now && now < Date.parse(event.endsAt);
}

/** What a publish freezes: the whole configuration of a project. */
export const liveConfigSnapshotSchema = z.object({
  keys: z.array(liveKeySchema).max(LIVE_KEYS_MAX, { error: `A project has at most ${LIVE_KEYS_MAX} keys` }),
  events: z.array(liveEventSchema).max(LIVE_EVENTS_MAX, { error: `A project has at most ${LIVE_EVENTS_MAX} live events` }),
});
export type LiveConfigSnapshot = z.infer<typeof liveConfigSnapshotSchema>;

const propertyValue = z.union([z.string().max(LIVE_PROPERTY_TEXT_MAX), z.number(), z.boolean(), z.null()], {
  error: `A player property must be text (at most ${LIVE_PROPERTY_TEXT_MAX} characters), a number, true, false or null`,
});

/** One player as the game describes it to GET /live/v1/config. */
export const playerContextSchema = z.object({
  userId: z.string({ error: 'user_id is required' }).min(1, { error: 'user_id is required' }).max(256, { error: 'user_id must be at most 256 characters' }),
  platform: z.string().max(32, { error: 'platform must be at most 32 characters' }).optional(),
  country: z.string().max(2, { error: 'country must be a two-letter ISO 3166-1 code, like DE' }).optional(),
  appVersion: z.string().max(32, { error: 'app_version must be at most 32 characters' }).optional(),
  properties: z
    .record(z.string().max(LIVE_PROPERTY_NAME_MAX), propertyValue, { error: 'properties must be a JSON object' })
    .refine((properties) => Object.keys(properties).length <= 50, { error: 'properties must have at most 50 keys' })
    .optional(),
});
export type PlayerContext = z.infer<typeof playerContextSchema>;

/** One reason a configuration cannot be published; `path` is where, as the ApiError issues give it. */
export interface LiveConfigProblem {
  path: string;
  message: string;
}

type Path = readonly PropertyKey[];

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function items(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** "Key shop.discount, rule 2, condition 1": where a problem is, in the editor's words. */
function describe(input: unknown, path: Path): string {
  const [section, index, part, partIndex, sub, subIndex] = path;
  if (typeof index !== 'number') return '';
  const item = record(items(record(input)[String(section)])[index]);
  const words: string[] = [];
  if (section === 'keys') words.push(typeof item.name === 'string' && item.name !== '' ? `Key ${item.name}` : `Key ${index + 1}`);
  else words.push(typeof item.name === 'string' && item.name !== '' ? `Live event "${item.name}"` : `Live event ${index + 1}`);
  if (typeof partIndex === 'number') {
    if (part === 'rules') words.push(`rule ${partIndex + 1}`);
    if (part === 'conditions') words.push(`condition ${partIndex + 1}`);
    if (part === 'overrides') {
      const key = record(items(item.overrides)[partIndex]).key;
      words.push(typeof key === 'string' ? `override of ${key}` : `override ${partIndex + 1}`);
    }
  }
  if (sub === 'conditions' && typeof subIndex === 'number') words.push(`condition ${subIndex + 1}`);
  return `${words.join(', ')}: `;
}

function problem(input: unknown, path: Path, message: string): LiveConfigProblem {
  return { path: path.map(String).join('.'), message: `${describe(input, path)}${message}` };
}

/**
 * Every reason `input` cannot be published, all at once so the editor can show them together: the
 * schema's problems, then the ones that need the whole configuration (duplicate key names or event
 * ids, overrides of keys that do not exist or with values of another type). Empty when it can go out.
 */
export function validateLiveConfig(input: unknown): LiveConfigProblem[] {
  const problems: LiveConfigProblem[] = [];
  const parsed = liveConfigSnapshotSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) problems.push(problem(input, issue.path, issue.message));
  }
  const types = new Map<string, LiveValueType | undefined>();
  items(record(input).keys).forEach((raw, index) => {
    const { name, type } = record(raw);
    if (typeof name !== 'string') return;
    if (types.has(name)) problems.push(problem(input, ['keys', index, 'name'], `Another key is also named ${name}`));
    else types.set(name, liveValueTypeSchema.safeParse(type).data);
  });
  const eventIds = new Set<unknown>();
  items(record(input).events).forEach((raw, index) => {
    const event = record(raw);
    if (eventIds.has(event.id)) problems.push(problem(input, ['events', index, 'id'], `Another live event has the id ${String(event.id)}`));
    eventIds.add(event.id);
    items(event.overrides).forEach((override, overrideIndex) => {
      const { key, value } = record(override);
      if (typeof key !== 'string') return;
      const path = ['events', index, 'overrides', overrideIndex, 'key'];
      if (!types.has(key)) {
        problems.push(problem(input, path, `There is no key ${key} to override`));
        return;
      }
      const type = types.get(key);
      const message = type === undefined ? null : validateLiveValue(type, value);
      if (message) problems.push(problem(input, ['events', index, 'overrides', overrideIndex, 'value'], message));
    });
  });
  return problems;
}
