import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectParamsSchema } from '@questboard/shared/projects';
import { dataSettingsSchema, deletedEventsSchema, type DataSettings } from '@questboard/shared/project-data';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { anyMember, ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import { getEventRetention, setEventRetention } from '../projects/project-service';
import type { Quotas } from '../billing/quota-tracker';
import type { EventStore } from './event-store';
import { retentionCutoff } from './retention';

const security = [{ bearerAuth: [] }];
const tags = ['project data'];

/** The settings page's data section: retention (enforced by the store) and deleting all events. */
export const projectDataRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; events: EventStore; quotas: Quotas }> = async (
  app,
  { db, clock, events, quotas },
) => {
  app.get(
    apiPaths.projects.dataSettings.pattern,
    {
      config: { projectRole: anyMember },
      schema: { tags, summary: "The project's data retention", security, params: projectParamsSchema, response: { 200: dataSettingsSchema } },
    },
    async (request) => {
      const { id, organisationId } = projectOf(request);
      return { eventRetentionDays: (await getEventRetention(db, organisationId, id)) as DataSettings['eventRetentionDays'] };
    },
  );

  app.put(
    apiPaths.projects.dataSettings.pattern,
    {
      config: { projectRole: ownersAndAdmins('change the data retention') },
      schema: {
        tags,
        summary: 'Set the data retention (owners and admins); older events are deleted at once and refused from then on',
        security,
        params: projectParamsSchema,
        body: dataSettingsSchema,
        response: { 200: dataSettingsSchema },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const days = request.body.eventRetentionDays;
      await setEventRetention(db, clock, project.organisationId, project.id, days);
      if (days !== null) {
        await events.deleteBefore(project.id, retentionCutoff(clock.now(), days));
        await quotas.forget(project.organisationId);
      }
      return { eventRetentionDays: days };
    },
  );

  app.delete(
    apiPaths.projects.events.pattern,
    {
      config: { projectRole: ownersAndAdmins("delete a project's analytics data") },
      schema: {
        tags,
        summary: "Delete all of the project's analytics events (owners and admins); the project and its keys stay",
        security,
        params: projectParamsSchema,
        response: { 200: deletedEventsSchema },
      },
    },
    async (request) => {
      const project = projectOf(request);
      const deletedEvents = await events.deleteAll(project.id);
      await quotas.forget(project.organisationId);
      return { deletedEvents };
    },
  );
};
