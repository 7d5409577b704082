import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { organisationErrorCodes } from '@questboard/shared/organisations';
import { projectParamsSchema } from '@questboard/shared/projects';
import { canManageProjectData, dataSettingsSchema, deletedEventsSchema, type DataSettings } from '@questboard/shared/usage';
import type { Db } from '../../db/database';
import { projects } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { memberOf, type RequestMember } from '../../plugins/membership';
import { projectErrors } from '../projects/project-errors';
import type { QuotaTracker } from '../usage/quota-tracker';
import type { EventStore } from './event-store';
import { retentionCutoff } from './retention';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['project data'];

function requireDataRole(member: RequestMember, what: string) {
  if (!canManageProjectData(member.role)) throw new HttpError(403, organisationErrorCodes.insufficientRole, `Only owners and admins can ${what}.`);
}

/** The settings page's data section: retention (enforced by the store) and deleting all events. */
export const projectDataRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; events: EventStore; quotas: QuotaTracker }> = async (
  app,
  { db, clock, events, quotas },
) => {
  const projectOf = async (member: RequestMember, id: string) => {
    const [row] = await db
      .select({ id: projects.id, eventRetentionDays: projects.eventRetentionDays })
      .from(projects)
      .where(and(eq(projects.organisationId, member.organisationId), eq(projects.id, id)))
      .limit(1);
    if (!row) throw projectErrors.notFound();
    return row;
  };

  app.get(
    '/core/projects/:id/data-settings',
    {
      preHandler: app.requireOrganisation,
      schema: { tags, summary: "The project's data retention", security, params: projectParamsSchema, response: { 200: dataSettingsSchema, ...errors } },
    },
    async (request) => {
      const row = await projectOf(memberOf(request), request.params.id);
      return { eventRetentionDays: row.eventRetentionDays as DataSettings['eventRetentionDays'] };
    },
  );

  app.put(
    '/core/projects/:id/data-settings',
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Set the data retention (owners and admins); older events are deleted at once and refused from then on',
        security,
        params: projectParamsSchema,
        body: dataSettingsSchema,
        response: { 200: dataSettingsSchema, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const row = await projectOf(member, request.params.id);
      requireDataRole(member, 'change the data retention');
      const days = request.body.eventRetentionDays;
      await db.update(projects).set({ eventRetentionDays: days, updatedAt: clock.now() }).where(eq(projects.id, row.id));
      if (days !== null) {
        await events.deleteBefore(row.id, retentionCutoff(clock.now(), days));
        quotas.forget(member.organisationId);
      }
      return { eventRetentionDays: days };
    },
  );

  app.delete(
    '/core/projects/:id/events',
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: "Delete all of the project's analytics events (owners and admins); the project and its keys stay",
        security,
        params: projectParamsSchema,
        response: { 200: deletedEventsSchema, ...errors },
      },
    },
    async (request) => {
      const member = memberOf(request);
      const row = await projectOf(member, request.params.id);
      requireDataRole(member, "delete a project's analytics data");
      const deletedEvents = await events.deleteAll(row.id);
      quotas.forget(member.organisationId);
      return { deletedEvents };
    },
  );
};
