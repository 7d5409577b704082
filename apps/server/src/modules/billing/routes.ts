import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiPaths } from '@questboard/shared/api-paths';
import { organisationErrorCodes } from '@questboard/shared/organisations';
import { canSetQuota, quotaBodySchema, usageSchema, type Usage } from '@questboard/shared/billing';
import type { Db } from '../../db/database';
import { HttpError } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { memberOf } from '../../plugins/membership';
import type { EventStore } from '../events/event-store';
import { setMonthlyEventQuota } from './billing-store';
import type { Quotas } from './quota-tracker';
import { usageReport } from './usage-report';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['usage'];

/** The billing page: what the organisation's projects ingest and hold, and the monthly quota. */
export const billingRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; events: EventStore; quotas: Quotas }> = async (
  app,
  { db, clock, events, quotas },
) => {
  app.get(
    apiPaths.organisations.usage.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: { tags, summary: "The organisation's usage this month, per project, and per day for 30 days", security, response: { 200: usageSchema, ...errors } },
    },
    async (request): Promise<Usage> => usageReport(db, clock, events, memberOf(request).organisationId),
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
      await setMonthlyEventQuota(db, member.organisationId, request.body.monthlyEventQuota, clock.now());
      await quotas.forget(member.organisationId);
      return { monthlyEventQuota: request.body.monthlyEventQuota };
    },
  );
};
