import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { organisationErrorCodes } from '@questboard/shared/organisations';
import { canSetQuota, quotaBodySchema, usageSchema, utcMonth, type Usage } from '@questboard/shared/usage';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import { organisations, projects } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { memberOf } from '../../plugins/membership';
import type { EventStore } from '../events/event-store';
import type { QuotaTracker } from './quota-tracker';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['usage'];
const dayMs = 86_400_000;
const seriesDays = 30;

/** The billing page: what the organisation's projects ingest and hold, and the monthly quota. */
export const usageRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; events: EventStore; quotas: QuotaTracker }> = async (
  app,
  { db, clock, events, quotas },
) => {
  app.get(
    apiPaths.organisations.usage.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: { tags, summary: "The organisation's usage this month, per project, and per day for 30 days", security, response: { 200: usageSchema, ...errors } },
    },
    async (request): Promise<Usage> => {
      const { organisationId } = memberOf(request);
      const now = clock.now();
      const { start, next } = utcMonth(now);
      const today = new Date(Math.floor(now.getTime() / dayMs) * dayMs);
      const from = new Date(today.getTime() - (seriesDays - 1) * dayMs);
      const [organisation] = await db.select({ quota: organisations.monthlyEventQuota }).from(organisations).where(eq(organisations.id, organisationId));
      const rows = await db
        .select({ id: projects.id, name: projects.name, identifier: projects.identifier })
        .from(projects)
        .where(eq(projects.organisationId, organisationId))
        .orderBy(asc(projects.name), asc(projects.id));
      const windowStart = new Date(Math.min(from.getTime(), start.getTime()));
      const [usages, sizeBytes] = await Promise.all([Promise.all(rows.map((row) => events.usage(row.id, { from: windowStart, monthStart: start }))), events.sizeBytes()]);
      const storedTotal = usages.reduce((sum, usage) => sum + usage.storedEvents, 0);
      const todayKey = today.toISOString().slice(0, 10);
      const perDay = new Map<string, number>();
      const projectFigures = rows.map((row, index) => {
        const usage = usages[index] ?? { storedEvents: 0, eventsThisMonth: 0, monthlyActivePlayers: 0, daily: [] };
        for (const { day, events: count } of usage.daily) perDay.set(day, (perDay.get(day) ?? 0) + count);
        return {
          ...row,
          eventsToday: usage.daily.find((entry) => entry.day === todayKey)?.events ?? 0,
          eventsThisMonth: usage.eventsThisMonth,
          monthlyActivePlayers: usage.monthlyActivePlayers,
          storedEvents: usage.storedEvents,
          // DuckDB keeps one file for all projects: each gets its share by stored events.
          storageBytes: storedTotal === 0 ? 0 : Math.round((sizeBytes * usage.storedEvents) / storedTotal),
        };
      });
      const sum = (field: 'eventsToday' | 'eventsThisMonth' | 'monthlyActivePlayers' | 'storedEvents') =>
        projectFigures.reduce((total, project) => total + project[field], 0);
      return {
        monthStart: start.toISOString(),
        nextMonthStart: next.toISOString(),
        monthlyEventQuota: organisation?.quota ?? null,
        organisation: {
          eventsToday: sum('eventsToday'),
          eventsThisMonth: sum('eventsThisMonth'),
          monthlyActivePlayers: sum('monthlyActivePlayers'),
          storedEvents: sum('storedEvents'),
          storageBytes: storedTotal === 0 ? 0 : sizeBytes,
        },
        projects: projectFigures,
        daily: Array.from({ length: seriesDays }, (_, index) => {
          const day = new Date(from.getTime() + index * dayMs).toISOString().slice(0, 10);
          return { day, events: perDay.get(day) ?? 0 };
        }),
      };
    },
  );

  app.put(
    apiPaths.organisations.quota.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Set or clear the monthly event quota (owners); ingestion answers 429 once it is used up',
        security,
        body: quotaBodySchema,
        response: { 200: quotaBodySchema, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      if (!canSetQuota(member.role)) throw new HttpError(403, organisationErrorCodes.insufficientRole, 'Only owners can set the monthly event quota.');
      await db
        .update(organisations)
        .set({ monthlyEventQuota: request.body.monthlyEventQuota, updatedAt: clock.now() })
        .where(eq(organisations.id, member.organisationId));
      quotas.forget(member.organisationId);
      return { monthlyEventQuota: request.body.monthlyEventQuota };
    },
  );
};
