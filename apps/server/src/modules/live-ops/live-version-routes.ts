import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiPaths } from '@questboard/shared/api-paths';
import {
  liveDiffQuerySchema,
  liveDiffSchema,
  livePreviewBodySchema,
  livePreviewSchema,
  livePublishBodySchema,
  liveVersionListSchema,
  liveVersionParamsSchema,
  liveVersionSchema,
  liveVersionSummarySchema,
} from '@questboard/shared/live-api';
import { projectParamsSchema } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import { diffOf, preview, publish, rollback, versionOf, versionsOf } from './live-service';
import { answerInvalidConfig, editorOf, read, refusals, security, tags } from './live-route-common';

/**
 * Publishing, the versions (also the audit list), diffs, rollback and preview (issue 15). Players
 * get the current version from GET /live/v1/config (live-delivery-routes.ts).
 */
export const liveVersionRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const paths = apiPaths.live;
  answerInvalidConfig(app);

  app.post(
    paths.publish.pattern,
    {
      config: { projectRole: ownersAndAdmins('publish the live config') },
      schema: {
        tags,
        summary:
          'Validate the whole draft and publish it as the next version (owners and admins); 400 lists every problem',
        security,
        params: projectParamsSchema,
        body: livePublishBodySchema,
        response: { 201: liveVersionSummarySchema, ...refusals },
      },
    },
    async (request, reply) => {
      return reply
        .code(201)
        .send(await publish(db, projectOf(request).id, editorOf(request), request.body.note, clock));
    },
  );

  app.get(
    paths.versions.pattern,
    {
      config: read,
      schema: {
        tags,
        summary: 'Every published version, newest first: the audit list of publishes and rollbacks',
        security,
        params: projectParamsSchema,
        response: { 200: liveVersionListSchema },
      },
    },
    async (request) => versionsOf(db, projectOf(request).id),
  );

  app.get(
    paths.version.pattern,
    {
      config: read,
      schema: {
        tags,
        summary: 'One version with its snapshot',
        security,
        params: liveVersionParamsSchema,
        response: { 200: liveVersionSchema, 404: apiErrorSchema },
      },
    },
    async (request) => versionOf(db, projectOf(request).id, request.params.version),
  );

  app.get(
    paths.versionDiff.pattern,
    {
      config: read,
      schema: {
        tags,
        summary: 'What changed from this version to the current one (or to the draft with against=draft)',
        security,
        params: liveVersionParamsSchema,
        querystring: liveDiffQuerySchema,
        response: { 200: liveDiffSchema, 404: apiErrorSchema },
      },
    },
    async (request) => diffOf(db, projectOf(request).id, request.params.version, request.query.against),
  );

  app.post(
    paths.rollback.pattern,
    {
      config: { projectRole: ownersAndAdmins('roll back the live config') },
      schema: {
        tags,
        summary:
          "Publish this version's snapshot again as a new version, and reset the draft to it (owners and admins)",
        security,
        params: liveVersionParamsSchema,
        response: { 201: liveVersionSummarySchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await rollback(db, projectOf(request).id, editorOf(request), request.params.version, clock)),
  );

  app.post(
    paths.preview.pattern,
    {
      config: read,
      schema: {
        tags,
        summary: 'The exact values one player gets, from the published version or the draft, now or at a given time',
        security,
        params: projectParamsSchema,
        body: livePreviewBodySchema,
        response: { 200: livePreviewSchema },
      },
    },
    async (request) => preview(db, projectOf(request).id, request.body, clock),
  );
};
