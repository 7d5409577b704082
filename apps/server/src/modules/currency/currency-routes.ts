import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { currencySettingsSchema, rateBodySchema, rateParamsSchema, reportingCurrencyBodySchema } from '@questboard/shared/money';
import { projectParamsSchema } from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { anyMember, ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import { deleteRate, getCurrencySettings, setRate, setReportingCurrency } from './currency-service';

const security = [{ bearerAuth: [] }];
const tags = ['currency'];

/**
 * The settings page's currency section (issue 21, ADR 011): any member reads, owners and admins
 * change. A rate reads "1 unit of the currency = rate units of the reporting currency".
 */
export const currencyRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    apiPaths.projects.currency.pattern,
    {
      config: { projectRole: anyMember },
      schema: {
        tags,
        summary: "The project's reporting currency and exchange rates (1 unit of each currency = rate units of the reporting currency)",
        security,
        params: projectParamsSchema,
        response: { 200: currencySettingsSchema },
      },
    },
    async (request) => getCurrencySettings(db, projectOf(request).organisationId, projectOf(request).id),
  );

  app.put(
    apiPaths.projects.currency.pattern,
    {
      config: { projectRole: ownersAndAdmins('change the reporting currency') },
      schema: {
        tags,
        summary: 'Set the reporting currency (owners and admins); a different one removes every rate, since each was in the old currency',
        security,
        params: projectParamsSchema,
        body: reportingCurrencyBodySchema,
        response: { 200: currencySettingsSchema },
      },
    },
    async (request) => setReportingCurrency(db, projectOf(request).organisationId, projectOf(request).id, request.body.reportingCurrency, clock),
  );

  app.put(
    apiPaths.projects.exchangeRate.pattern,
    {
      config: { projectRole: ownersAndAdmins('change exchange rates') },
      schema: {
        tags,
        summary: 'Add or change a rate (owners and admins): 1 unit of :currency = rate units of the reporting currency, e.g. JPY 0.0067 for USD',
        security,
        params: rateParamsSchema,
        body: rateBodySchema,
        response: { 200: currencySettingsSchema, 409: apiErrorSchema },
      },
    },
    async (request) => setRate(db, projectOf(request).organisationId, projectOf(request).id, request.params.currency, request.body.rate, clock),
  );

  app.delete(
    apiPaths.projects.exchangeRate.pattern,
    {
      config: { projectRole: ownersAndAdmins('change exchange rates') },
      schema: { tags, summary: 'Remove a rate (owners and admins): its purchases are left out of revenue again', security, params: rateParamsSchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await deleteRate(db, projectOf(request).organisationId, projectOf(request).id, request.params.currency);
      return reply.code(204).send(null);
    },
  );
};
