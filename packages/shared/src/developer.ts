import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { storedEventSchema } from './events';

// The developer page's calls under /core/projects/{id}: ingestion keys, the live check, demo data.

export const INGEST_KEY_PREFIX = 'qbk_';
export const DEFAULT_INGEST_KEY_NAME = 'Default';
export const DEMO_INGEST_KEY_NAME = 'Demo data';
export const MAX_ACTIVE_INGEST_KEYS = 20;

export const ingestKeyKinds = ['standard', 'demo'] as const;
export type IngestKeyKind = (typeof ingestKeyKinds)[number];

export const ingestKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    key: z.string().describe('Sent by games in the X-Ingest-Key header; write-only, so it may ship inside a game'),
    kind: z.enum(ingestKeyKinds).describe('demo: events sent with it are demo data'),
    createdAt: z.iso.datetime(),
    revokedAt: z.iso.datetime().nullable(),
    lastUsedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'IngestKey' });
export type IngestKey = z.infer<typeof ingestKeySchema>;

export const ingestKeyListSchema = z.object({ keys: z.array(ingestKeySchema) }).meta({ id: 'IngestKeyList' });
export type IngestKeyList = z.infer<typeof ingestKeyListSchema>;

export const ingestKeyNameMessages = {
  required: 'Key name is required',
  tooLong: 'Key name must be at most 64 characters',
  control: 'Key name must not contain control characters',
} as const;

export const createIngestKeyBodySchema = z.object({
  name: z
    .string({ error: ingestKeyNameMessages.required })
    .trim()
    .min(1, { error: ingestKeyNameMessages.required, abort: true })
    .max(64, { error: ingestKeyNameMessages.tooLong, abort: true })
    // eslint-disable-next-line no-control-regex -- refusing them is the point
    .regex(/^[^\u0000-\u001F\u007F]*$/, { error: ingestKeyNameMessages.control, abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('Key name') }),
});
export type CreateIngestKeyBody = z.infer<typeof createIngestKeyBodySchema>;

export const ingestKeyParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a project id (a UUID)' }),
  keyId: z.uuid({ error: 'keyId must be an ingestion key id (a UUID)' }),
});

export const LATEST_EVENTS_DEFAULT = 20;
export const LATEST_EVENTS_MAX = 100;

export const latestEventsQuerySchema = z.object({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: `limit must be a whole number between 1 and ${LATEST_EVENTS_MAX}` })
    .transform(Number)
    .pipe(z.number().min(1).max(LATEST_EVENTS_MAX, { error: `limit must be a whole number between 1 and ${LATEST_EVENTS_MAX}` }))
    .default(LATEST_EVENTS_DEFAULT),
});

/** What the project's event store holds, for the developer page and the empty states. */
export const eventSummarySchema = z
  .object({
    totalEvents: z.number().int(),
    demoEvents: z.number().int(),
    lastReceivedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const latestEventsSchema = z
  .object({ events: z.array(storedEventSchema), summary: eventSummarySchema })
  .meta({ id: 'LatestEvents' });
export type LatestEvents = z.infer<typeof latestEventsSchema>;

export const demoLoadStates = ['idle', 'running', 'done', 'failed'] as const;
export const demoDataStatusSchema = z
  .object({
    state: z.enum(demoLoadStates),
    players: z.number().int().describe('players in the generated population'),
    sentEvents: z.number().int().describe('events acknowledged by the ingestion endpoint so far'),
    demoEvents: z.number().int().describe('demo events the project holds now'),
    error: z.string().nullable(),
  })
  .meta({ id: 'DemoDataStatus' });
export type DemoDataStatus = z.infer<typeof demoDataStatusSchema>;

/** DELETE /core/projects/{id}/demo-data: the demo events removed. */
export const removedDemoDataSchema = z.object({ removedEvents: z.number().int() });
export type RemovedDemoData = z.infer<typeof removedDemoDataSchema>;

export const DEMO_PLAYERS_DEFAULT = 20_000;
export const demoDataBodySchema = z.object({
  players: z
    .number({ error: 'players must be a whole number between 100 and 100000' })
    .int({ error: 'players must be a whole number between 100 and 100000' })
    .min(100, { error: 'players must be a whole number between 100 and 100000' })
    .max(100_000, { error: 'players must be a whole number between 100 and 100000' })
    .default(DEMO_PLAYERS_DEFAULT),
});
