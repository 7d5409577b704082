import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { LIVE_PROPERTY_NAME_MAX, LIVE_PROPERTY_TEXT_MAX, liveConditionSchema } from './live-condition';
import {
  LIVE_CONDITIONS_MAX,
  LIVE_EVENTS_MAX,
  LIVE_KEYS_MAX,
  LIVE_RULES_MAX,
  liveEventSchema,
  liveIdSchema,
  liveKeyNameSchema,
  liveKeySchema,
  liveRuleSchema,
  liveValueTypeSchema,
  playerContextSchema,
  type LiveEvent,
  type PlayerContext,
} from './live-config';

// The live-ops HTTP API (issue 15, ADR 021): request bodies and answers, read by the server's
// routes and the web's fetchers. The shapes of keys, rules and events are live-config.ts's.

/** The whole config serialised: a download a game can afford (the counts are live-config.ts's). */
export const LIVE_MAX_SNAPSHOT_BYTES = 2 * 1024 * 1024;
export const LIVE_NOTE_MAX = 500;

export const liveMessages = {
  tooManyKeys: `A project has at most ${LIVE_KEYS_MAX} keys. Delete one first.`,
  tooManyRules: `A key has at most ${LIVE_RULES_MAX} rules`,
  tooManyEvents: `A project has at most ${LIVE_EVENTS_MAX} live events. Delete an ended one first.`,
  snapshotTooLarge: (bytes: number) =>
    `The whole config would be ${(bytes / 1024 / 1024).toFixed(1)} MB; it can be at most ${LIVE_MAX_SNAPSHOT_BYTES / 1024 / 1024} MB.`,
  keyExists: (name: string) => `A key named "${name}" already exists.`,
  keyNotFound: (name: string) => `No key named "${name}" in the draft.`,
  eventNotFound: 'This live event is not in the draft.',
  versionNotFound: (version: number) => `Version ${version} does not exist.`,
  keyInUse: (name: string, events: readonly string[]) =>
    `"${name}" is overridden by the live event${events.length === 1 ? '' : 's'} ${events.map((event) => `"${event}"`).join(', ')}. ` +
    'Delete it with confirm=true to remove those overrides from the draft too.',
  publishRefused: (count: number) => `The draft has ${count} problem${count === 1 ? '' : 's'}; nothing was published.`,
  rollbackNote: (version: number) => `Rollback to version ${version}`,
  propertiesNotObject: 'properties must be a URL-encoded JSON object, e.g. {"level":12}.',
} as const;

export const liveErrorCodes = {
  keyExists: 'LIVE_KEY_EXISTS',
  keyNotFound: 'LIVE_KEY_NOT_FOUND',
  keyInUse: 'LIVE_KEY_IN_USE',
  eventNotFound: 'LIVE_EVENT_NOT_FOUND',
  versionNotFound: 'LIVE_VERSION_NOT_FOUND',
  invalidConfig: 'LIVE_CONFIG_INVALID',
  limit: 'LIVE_LIMIT',
} as const;

// ── Requests ────────────────────────────────────────────────────────────────────────────────────

/**
 * A rule as the editor sends it: an `id` the draft holds keeps that rule's rollout salt, a rule
 * without one is new (the server gives it an id and a salt, once).
 */
export const liveRuleInputSchema = z.object({
  id: liveIdSchema.optional(),
  conditions: z.array(liveConditionSchema).max(LIVE_CONDITIONS_MAX),
  rollout: z.object({ percentage: liveRuleSchema.shape.rollout.unwrap().shape.percentage }).nullable(),
  value: z.unknown(),
});
export type LiveRuleInput = z.output<typeof liveRuleInputSchema>;

export const liveKeyInputSchema = z.object({
  type: liveValueTypeSchema,
  defaultValue: z.unknown(),
  description: z.string().max(500).default(''),
  rules: z.array(liveRuleInputSchema).max(LIVE_RULES_MAX, { error: liveMessages.tooManyRules }).default([]),
});
export type LiveKeyInput = z.output<typeof liveKeyInputSchema>;

export const liveKeyCreateSchema = liveKeyInputSchema.extend({ name: liveKeyNameSchema });

export const liveKeyParamsSchema = z.object({ id: z.uuid(), key: liveKeyNameSchema });
export const liveKeyDeleteQuerySchema = z.object({
  /** Deleting a key a live event overrides: true removes those overrides too; otherwise 409. */
  confirm: z.enum(['true', 'false']).default('false'),
});

/**
 * A live event as the editor sends it, without its id (the server gives a new one its id). The
 * checks across fields (end after start, keys overridden once) run on the whole event afterwards.
 */
export const liveEventInputSchema = z.object((({ id: _id, ...fields }) => fields)(liveEventSchema.shape));
export type LiveEventInput = z.output<typeof liveEventInputSchema>;
export const liveEventParamsSchema = z.object({ id: z.uuid(), eventId: liveIdSchema });

export const livePublishBodySchema = z.object({
  note: z
    .string({ error: 'The note must be text' })
    .trim()
    .max(LIVE_NOTE_MAX, { error: `The note must be at most ${LIVE_NOTE_MAX} characters`, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('The note') })
    .default(''),
});
export const liveVersionParamsSchema = z.object({
  id: z.uuid(),
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const liveDiffQuerySchema = z.object({ against: z.enum(['current', 'draft']).default('current') });

export const livePreviewBodySchema = z.object({
  player: playerContextSchema,
  source: z.enum(['published', 'draft']).default('published'),
  /** Preview another moment (a live event's window); now by default. */
  at: z.iso.datetime({ offset: true }).optional(),
});
export type LivePreviewBody = z.input<typeof livePreviewBodySchema>;

/** GET /live/v1/config's query (docs/product/http-contract.md#live-operations-remote-config-and-experiments); `properties` is parsed by `playerFromQuery`. */
export const liveConfigQuerySchema = z.object({
  user_id: z.string({ error: "user_id is required: the player's id" }),
  platform: z.string().optional(),
  country: z.string().optional(),
  app_version: z.string().optional(),
  properties: z.string().max(8192).optional(),
});
export type LiveConfigQuery = z.infer<typeof liveConfigQuerySchema>;

const configQueryFields = new Set(['user_id', 'platform', 'country', 'app_version', 'properties']);

/**
 * Whether `liveConfigQuerySchema` would give back `query` as it is: the common request checked
 * without zod, since GET /live/v1/config does this on every call (ADR 021). Anything else goes
 * through the schema, which stays the definition and words the error; live-api.test.ts compares
 * the two over seeded random queries.
 */
export function isPlainConfigQuery(query: unknown): query is LiveConfigQuery {
  if (typeof query !== 'object' || query === null) return false;
  const fields = query as Record<string, unknown>;
  if (typeof fields.user_id !== 'string') return false;
  for (const name in fields) {
    if (!configQueryFields.has(name) || typeof fields[name] !== 'string') return false;
  }
  return fields.properties === undefined || (fields.properties as string).length <= 8192;
}

/**
 * The player when every field is plainly within `playerContextSchema`'s limits, checked without zod
 * like `isPlainConfigQuery`; null sends the player through the schema.
 */
export function plainPlayer(query: LiveConfigQuery, properties: Record<string, unknown> | undefined): PlayerContext | null {
  const { user_id: userId, platform, country, app_version: appVersion } = query;
  if (userId.length < 1 || userId.length > 256) return null;
  if (platform !== undefined && platform.length > 32) return null;
  if (country !== undefined && country.length > 2) return null;
  if (appVersion !== undefined && appVersion.length > 32) return null;
  if (properties !== undefined) {
    let count = 0;
    for (const name in properties) {
      count += 1;
      // The schema copies properties into a new object, where `__proto__` would not stay a plain key.
      if (count > 50 || name.length > LIVE_PROPERTY_NAME_MAX || name === '__proto__') return null;
      const value = properties[name];
      if (typeof value === 'string') {
        if (value.length > LIVE_PROPERTY_TEXT_MAX) return null;
      } else if (typeof value !== 'number' && typeof value !== 'boolean' && value !== null) return null;
    }
  }
  const player: PlayerContext = { userId };
  if (platform !== undefined) player.platform = platform;
  if (country !== undefined) player.country = country;
  if (appVersion !== undefined) player.appVersion = appVersion;
  if (properties !== undefined) player.properties = properties as PlayerContext['properties'];
  return player;
}

/** The player a delivery request describes, or the first problem with it, said plainly. */
export function playerFromQuery(query: LiveConfigQuery): { player: PlayerContext } | { error: string } {
  let properties: unknown;
  if (query.properties !== undefined) {
    try {
      properties = JSON.parse(query.properties);
    } catch {
      return { error: liveMessages.propertiesNotObject };
    }
    if (properties === null || typeof properties !== 'object' || Array.isArray(properties))
      return { error: liveMessages.propertiesNotObject };
  }
  const plain = plainPlayer(query, properties as Record<string, unknown> | undefined);
  if (plain !== null) return { player: plain };
  const parsed = playerContextSchema.safeParse({
    userId: query.user_id,
    platform: query.platform,
    country: query.country,
    appVersion: query.app_version,
    properties,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field =
      { userId: 'user_id', appVersion: 'app_version' }[String(issue?.path[0])] ?? String(issue?.path[0] ?? 'query');
    const message = issue?.message ?? 'is not valid';
    // The schema's messages mostly name their field already ("user_id is required").
    return { error: message.startsWith(field) ? message : `${field}: ${message}` };
  }
  return { player: parsed.data };
}

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A key and a live event as a draft may hold them: each edit is checked on its own, but the draft
 * as a whole may be inconsistent (an event whose overridden key was deleted) until it is published.
 */
const draftKeySchema = z.object(liveKeySchema.shape).meta({ id: 'LiveDraftKey' });
const draftEventSchema = z
  .object({ ...liveEventSchema.shape, overrides: z.array(z.object({ key: z.string(), value: z.unknown() })) })
  .meta({ id: 'LiveDraftEvent' });

export const liveDraftSchema = z
  .object({
    keys: z.array(draftKeySchema),
    events: z.array(draftEventSchema),
    updatedAt: z.iso.datetime().nullable(),
    updatedBy: z.string().nullable().describe("The last editor's address"),
    publishedVersion: z.number().int().describe('The current version; 0 before the first publish'),
    unpublishedChanges: z.boolean().describe('The draft differs from the current version'),
    now: z.iso.datetime().describe("The server's time, for the live events' timeline"),
  })
  .meta({ id: 'LiveDraft' });
export type LiveDraft = z.infer<typeof liveDraftSchema>;

export const liveVersionSummarySchema = z
  .object({
    version: z.number().int(),
    action: z.enum(['publish', 'rollback']),
    note: z.string(),
    rolledBackTo: z.number().int().nullable(),
    publishedAt: z.iso.datetime(),
    publishedBy: z.string().describe("The publisher's address at the time"),
    keys: z.number().int(),
    events: z.number().int(),
  })
  .meta({ id: 'LiveVersionSummary' });
export type LiveVersionSummary = z.infer<typeof liveVersionSummarySchema>;

/** The versions, newest first: also the audit list of every publish and rollback. */
export const liveVersionListSchema = z
  .object({ current: z.number().int(), versions: z.array(liveVersionSummarySchema) })
  .meta({ id: 'LiveVersionList' });
export type LiveVersionList = z.infer<typeof liveVersionListSchema>;

export const liveVersionSchema = liveVersionSummarySchema
  .extend({ snapshot: z.object({ keys: z.array(liveKeySchema), events: z.array(liveEventSchema) }) })
  .meta({ id: 'LiveVersion' });
export type LiveVersion = z.infer<typeof liveVersionSchema>;

const ruleAt = z.object({ index: z.number().int(), rule: liveRuleSchema });
const ruleChangeSchema = z.union([
  z.object({ id: z.string(), change: z.literal('added'), after: ruleAt }),
  z.object({ id: z.string(), change: z.literal('removed'), before: ruleAt }),
  z.object({ id: z.string(), change: z.enum(['changed', 'moved']), before: ruleAt, after: ruleAt }),
]);
const keyChangeSchema = z.union([
  z.object({ name: z.string(), change: z.literal('added'), after: draftKeySchema }),
  z.object({ name: z.string(), change: z.literal('removed'), before: draftKeySchema }),
  z.object({
    name: z.string(),
    change: z.literal('changed'),
    before: draftKeySchema,
    after: draftKeySchema,
    fields: z.array(z.enum(['type', 'defaultValue', 'description'])),
    rules: z.array(ruleChangeSchema),
  }),
]);
const eventChangeSchema = z.union([
  z.object({ id: z.string(), name: z.string(), change: z.literal('added'), after: draftEventSchema }),
  z.object({ id: z.string(), name: z.string(), change: z.literal('removed'), before: draftEventSchema }),
  z.object({
    id: z.string(),
    name: z.string(),
    change: z.literal('changed'),
    before: draftEventSchema,
    after: draftEventSchema,
    fields: z.array(z.enum(['name', 'startsAt', 'endsAt', 'conditions', 'overrides'])),
  }),
]);

/** From version `from` to the current version (or the draft): what the history page shows. */
export const liveDiffSchema = z
  .object({
    from: z.number().int(),
    to: z.union([z.number().int(), z.literal('draft')]),
    keys: z.array(keyChangeSchema),
    events: z.array(eventChangeSchema),
  })
  .meta({ id: 'LiveDiff' });
export type LiveDiff = z.infer<typeof liveDiffSchema>;

export const livePreviewSchema = z
  .object({
    values: z.record(z.string(), z.unknown()),
    source: z.enum(['published', 'draft']),
    version: z.number().int().nullable().describe('The version evaluated; null for the draft'),
    at: z.iso.datetime(),
  })
  .meta({ id: 'LivePreview' });
export type LivePreview = z.infer<typeof livePreviewSchema>;

/** GET /live/v1/config's answer (docs/product/http-contract.md#live-operations-remote-config-and-experiments). */
export const liveConfigAnswerSchema = z
  .object({
    values: z.record(z.string(), z.unknown()),
    /** The running experiments the player is in (ADR 029); `keys`: the config keys each controls, whose first read exposes the player. */
    experiments: z.array(z.object({ key: z.string(), variant: z.string(), keys: z.array(z.string()) })),
    version: z.number().int(),
  })
  .meta({ id: 'LiveConfig' });
export type LiveConfigAnswer = z.infer<typeof liveConfigAnswerSchema>;

/** Where a live event stands at `now`, for the timeline: it is live while startsAt <= now < endsAt. */
export function liveEventPhase(
  event: Pick<LiveEvent, 'startsAt' | 'endsAt'>,
  now: Date,
): 'upcoming' | 'live' | 'ended' {
  const at = now.getTime();
  if (at < Date.parse(event.startsAt)) return 'upcoming';
  return at < Date.parse(event.endsAt) ? 'live' : 'ended';
}
