import { z } from 'zod';
import { databaseTextMessage, isDatabaseText } from './database-text';
import { storedEventSchema } from './events';
import { excludedPurchasesSchema } from './money';

// One player's profile (issue 8): GET /core/projects/{id}/analytics/players/{userId}.

export const playerParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a project id (a UUID)' }),
  userId: z
    .string()
    .min(1, { error: 'Enter a user id', abort: true })
    .max(128, { error: 'A user id has at most 128 characters', abort: true })
    .refine(isDatabaseText, { error: databaseTextMessage('A user id') }),
});

export const PLAYER_EVENTS_LIMIT = 200;
export const PLAYER_SESSIONS_LIMIT = 50;

export const playerSchema = z
  .object({
    userId: z.string(),
    firstSeen: z.iso.datetime(),
    lastSeen: z.iso.datetime(),
    events: z.number().int(),
    sessions: z.number().int(),
    revenue: z.number().describe('in the reporting currency, purchases without a rate left out'),
    purchases: z.number().int().describe('purchases counted in revenue (amount above 0, convertible)'),
    currency: z.string().describe("the project's reporting currency"),
    excludedPurchases: excludedPurchasesSchema,
    platform: z.string().nullable().describe('of the latest event'),
    country: z.string().nullable(),
    appVersion: z.string().nullable(),
    demo: z.boolean(),
    recentSessions: z.array(
      z.object({ sessionId: z.string().nullable().describe('null: a session made by the 30-minute gap rule'), start: z.iso.datetime(), end: z.iso.datetime(), events: z.number().int(), lengthSeconds: z.number() }),
    ),
    recentEvents: z.array(storedEventSchema).describe(`the latest ${PLAYER_EVENTS_LIMIT} events, newest first`),
  })
  .meta({ id: 'AnalyticsPlayer' });
export type Player = z.infer<typeof playerSchema>;
