import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { currencyCodePattern } from './money';

// The analytics event as games send it to POST /ingest/v1/batch (docs/product/http-contract.md#ingestion).
// One schema: the server validates every event with it, the developer page and the docs describe it.

export const INGEST_MAX_EVENTS = 1000;
export const INGEST_MAX_BYTES = 1024 * 1024;
/** Events may arrive late (offline play), but not from further back than this. */
export const INGEST_MAX_AGE_DAYS = 400;
/** Client clocks drift; more than this ahead of the server is refused. */
export const INGEST_MAX_FUTURE_HOURS = 24;
export const EVENT_MAX_PROPERTIES = 50;

// eslint-disable-next-line no-control-regex -- refusing them is the point
const noControl = /^[^\u0000-\u001F\u007F]*$/;
// ISO 8601 date-time with a zone, as zod's z.iso.datetime({ offset: true }) accepts it.
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const countryCode = /^[A-Za-z]{2}$/;

export const eventMessages = {
  notObject: 'an event must be an object',
  timestamp: 'timestamp must be an ISO 8601 date-time with a time zone, like 2026-05-01T12:00:00Z',
  country: 'country must be a two-letter ISO 3166-1 code, like DE',
  currency: 'currency must be a three-letter ISO 4217 code, like USD',
  properties: 'properties must be an object',
  tooManyProperties: `properties must have at most ${EVENT_MAX_PROPERTIES} keys`,
  revenueType: 'revenue_amount must be a number',
  revenueNegative: 'revenue_amount must not be negative',
  revenueTooLarge: 'revenue_amount must be at most 1000000',
  currencyWithoutRevenue: 'revenue_amount is required with currency',
  revenueWithoutCurrency: 'currency is required with revenue_amount',
} as const;

const textFields = {
  insert_id: { max: 128, required: true },
  name: { max: 128, required: true },
  user_id: { max: 256, required: true },
  session_id: { max: 128, required: false },
  platform: { max: 32, required: false },
  app_version: { max: 32, required: false },
  build: { max: 32, required: false },
  product_id: { max: 128, required: false },
} as const;
/** The text rules as pairs, made once: the loop over them runs for every event. */
const textFieldRules = Object.entries(textFields);
const knownFields = new Set([...Object.keys(textFields), 'timestamp', 'country', 'properties', 'revenue_amount', 'currency']);

export type EventPropertyValue = string | number | boolean | null;

/** An event as accepted: text trimmed of nothing, platform lower-cased, codes upper-cased. */
export interface IngestEvent {
  insert_id: string;
  name: string;
  user_id: string;
  timestamp: string;
  session_id?: string | undefined;
  platform?: string | undefined;
  app_version?: string | undefined;
  build?: string | undefined;
  country?: string | undefined;
  properties?: Record<string, EventPropertyValue> | undefined;
  revenue_amount?: number | undefined;
  currency?: string | undefined;
  product_id?: string | undefined;
}
/** What games send: the same fields before normalisation. */
export type IngestEventInput = IngestEvent;

function textProblem(field: string, value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return `${field} must be a string`;
  if (value.length === 0) return `${field} must not be empty`;
  if (value.length > max) return `${field} must be at most ${max} characters`;
  if (!noControl.test(value)) return `${field} must not contain control characters`;
  if (!isDatabaseText(value)) return databaseTextMessage(field);
  return undefined;
}

function propertyProblem(properties: unknown): string | undefined {
  if (typeof properties !== 'object' || properties === null || Array.isArray(properties)) return eventMessages.properties;
  let count = 0;
  for (const key in properties) {
    count += 1;
    if (count > EVENT_MAX_PROPERTIES) return eventMessages.tooManyProperties;
    if (key.length === 0 || key.length > 64 || !noControl.test(key)) {
      return `property key "${key.slice(0, 64)}" must be 1 to 64 characters without control characters`;
    }
    if (!isDatabaseText(key)) return databaseTextMessage('a property key');
    const value = (properties as Record<string, unknown>)[key];
    const fine =
      value === null ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (typeof value === 'string' && value.length <= 1024);
    if (!fine) return `property "${key}" must be a string (at most 1024 characters), a finite number, true, false or null`;
    if (typeof value === 'string' && !isDatabaseText(value)) return databaseTextMessage(`property "${key}"`);
  }
  return undefined;
}

/**
 * The one rule set for an event (every field, its limits and its message), checked in a single
 * pass: it runs for every event of every batch, so it avoids allocating on the way (ADR 008).
 */
export function validateEvent(candidate: unknown): { event: IngestEvent; reason?: undefined } | { event?: undefined; reason: string } {
  if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate)) return { reason: eventMessages.notObject };
  const raw = candidate as Record<string, unknown>;
  for (const field in raw) if (!knownFields.has(field)) return { reason: `unknown field "${field}"` };
  for (const [field, rule] of textFieldRules) {
    const value = raw[field];
    if (value === undefined) {
      if (rule.required) return { reason: `${field} is required` };
      continue;
    }
    const problem = textProblem(field, value, rule.max);
    if (problem) return { reason: problem };
  }
  if (raw.timestamp === undefined) return { reason: 'timestamp is required' };
  if (typeof raw.timestamp !== 'string' || !isoDateTime.test(raw.timestamp) || Number.isNaN(Date.parse(raw.timestamp))) {
    return { reason: eventMessages.timestamp };
  }
  if (raw.country !== undefined && (typeof raw.country !== 'string' || !countryCode.test(raw.country))) return { reason: eventMessages.country };
  if (raw.properties !== undefined) {
    const problem = propertyProblem(raw.properties);
    if (problem) return { reason: problem };
  }
  const revenue = raw.revenue_amount;
  if (revenue !== undefined) {
    if (typeof revenue !== 'number' || !Number.isFinite(revenue)) return { reason: eventMessages.revenueType };
    if (revenue < 0) return { reason: eventMessages.revenueNegative };
    if (revenue > 1_000_000) return { reason: eventMessages.revenueTooLarge };
  }
  if (raw.currency !== undefined && (typeof raw.currency !== 'string' || !currencyCodePattern.test(raw.currency))) return { reason: eventMessages.currency };
  if (revenue !== undefined && raw.currency === undefined) return { reason: eventMessages.revenueWithoutCurrency };
  if (raw.currency !== undefined && revenue === undefined) return { reason: eventMessages.currencyWithoutRevenue };

  const event = { ...raw } as unknown as IngestEvent;
  if (event.platform !== undefined) event.platform = event.platform.toLowerCase();
  if (event.country !== undefined) event.country = event.country.toUpperCase();
  if (event.currency !== undefined) event.currency = event.currency.toUpperCase();
  return { event };
}

/** The same rules as a zod schema, for callers that compose schemas (tests, tools). */
export const ingestEventSchema = z.unknown().transform((candidate, context) => {
  const result = validateEvent(candidate);
  if (result.reason !== undefined) {
    context.addIssue({ code: 'custom', message: result.reason });
    return z.NEVER;
  }
  return result.event;
});

/** The envelope. Its events are validated one by one, so one bad event does not refuse the rest. */
export const ingestBatchSchema = z
  .object(
    {
      events: z
        .array(z.unknown(), { error: 'events must be an array' })
        .min(1, { error: 'events must hold at least one event' }),
    },
    { error: 'the body must be a JSON object like {"events": [...]}' },
  )
  .meta({ id: 'IngestBatch' });

export const rejectedEventSchema = z.object({
  index: z.number().int(),
  insert_id: z.string().nullable(),
  reason: z.string(),
});
export type RejectedEvent = z.infer<typeof rejectedEventSchema>;

export const ingestAnswerSchema = z
  .object({
    accepted: z.number().int().describe('events stored, counting retried ones already stored before'),
    rejected: z.array(rejectedEventSchema),
  })
  .meta({ id: 'IngestAnswer' });
export type IngestAnswer = z.infer<typeof ingestAnswerSchema>;

/** An event as the store keeps it and the developer page's live check shows it. */
export const storedEventSchema = z
  .object({
    insert_id: z.string(),
    name: z.string(),
    user_id: z.string(),
    session_id: z.string().nullable(),
    timestamp: z.iso.datetime(),
    received_at: z.iso.datetime(),
    platform: z.string().nullable(),
    app_version: z.string().nullable(),
    build: z.string().nullable(),
    country: z.string().nullable(),
    properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    revenue_amount: z.number().nullable(),
    currency: z.string().nullable(),
    product_id: z.string().nullable(),
    demo: z.boolean(),
  })
  .meta({ id: 'StoredEvent' });
export type StoredEvent = z.infer<typeof storedEventSchema>;
