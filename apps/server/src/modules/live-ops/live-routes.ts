import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiPaths } from '@questboard/shared/api-paths';
import { liveEventSchema, liveKeySchema } from '@questboard/shared/live-config';
import {
  liveDiffQuerySchema,
  liveDiffSchema,
  liveDraftSchema,
  liveEventInputSchema,
  liveEventParamsSchema,
  liveKeyCreateSchema,
  liveKeyDeleteQuerySchema,
  liveKeyInputSchema,
  liveKeyParamsSchema,
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
import { anyMember, ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import { identityOf } from '../../plugins/authenticate';
import { memberOf } from '../../plugins/membership';
import { deleteEvent, deleteKey, keyFrom, newId, putEvent, putKey } from './live-draft-edits';
import { checkItem } from './live-item-checks';
import { diffOf, draftOf, editDraft, LiveConfigInvalid, preview, publish, rollback, versionOf, versionsOf, type Editor } from './live-service';

const security = [{ bearerAuth: [] }];
const tags = ['live-ops'];
const edit = { projectRole: ownersAndAdmins('edit the live config') };
const read = { projectRole: anyMember };

const editorOf = (request: FastifyRequest): Editor => ({ userId: memberOf(request).userId, email: identityOf(request).user.email });

/** A refused publish or edit answers every problem at once, in the API's issue list. */
function sendInvalid(reply: FastifyReply, error: unknown) {
  if (!(error instanceof LiveConfigInvalid)) throw error;
  return reply.code(400).send({ code: error.code, message: error.message, issues: [...error.problems] });
}

/**
 * Live operations (issue 15, ADR 021): every member reads the draft, the versions and previews;
 * owners and admins edit the draft, publish and roll back. Players get the published version from
 * GET /live/v1/config (live-delivery-routes.ts).
 */
export const liveRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const paths = apiPaths.live;
  const refusals = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

  app.get(
    paths.draft.pattern,
    { config: read, schema: { tags, summary: 'The draft config: keys with their rules, live events, and whether it differs from the current version', security, params: projectParamsSchema, response: { 200: liveDraftSchema } } },
    async (request) => draftOf(db, projectOf(request).id, clock),
  );

  app.post(
    paths.keys.pattern,
    { config: edit, schema: { tags, summary: 'Add a key to the draft (owners and admins)', security, params: projectParamsSchema, body: liveKeyCreateSchema, response: { 201: liveKeySchema, ...refusals } } },
    async (request, reply) => {
      const { name, ...input } = request.body;
      try {
        const key = await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
          const made = checkItem.key(keyFrom(name, input, undefined));
          return { snapshot: putKey(draft, made, 'create'), answer: made };
        });
        return reply.code(201).send(key);
      } catch (error) {
        return sendInvalid(reply, error);
      }
    },
  );

  app.put(
    paths.key.pattern,
    { config: edit, schema: { tags, summary: "Change a key of the draft (owners and admins); a rule sent with its id keeps its rollout's salt", security, params: liveKeyParamsSchema, body: liveKeyInputSchema, response: { 200: liveKeySchema, ...refusals } } },
    async (request, reply) => {
      try {
        return await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
          const made = checkItem.key(keyFrom(request.params.key, request.body, draft.keys.find((key) => key.name === request.params.key)));
          return { snapshot: putKey(draft, made, 'update'), answer: made };
        });
      } catch (error) {
        return sendInvalid(reply, error);
      }
    },
  );

  app.delete(
    paths.key.pattern,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Remove a key from the draft (owners and admins); 409 naming the live events that override it, unless confirm=true, which removes those overrides too',
        security,
        params: liveKeyParamsSchema,
        querystring: liveKeyDeleteQuerySchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      const confirm = request.query.confirm === 'true';
      await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft, published) => ({
        snapshot: deleteKey(draft, request.params.key, published, confirm),
        answer: null,
      }));
      return reply.code(204).send(null);
    },
  );

  app.post(
    paths.events.pattern,
    { config: edit, schema: { tags, summary: 'Schedule a live event in the draft (owners and admins)', security, params: projectParamsSchema, body: liveEventInputSchema, response: { 201: liveEventSchema, ...refusals } } },
    async (request, reply) => {
      try {
        const event = await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
          const event = checkItem.event(draft.keys, { ...request.body, id: newId() });
          return { snapshot: putEvent(draft, event, 'create'), answer: event };
        });
        return reply.code(201).send(event);
      } catch (error) {
        return sendInvalid(reply, error);
      }
    },
  );

  app.put(
    paths.event.pattern,
    { config: edit, schema: { tags, summary: 'Change a live event of the draft (owners and admins)', security, params: liveEventParamsSchema, body: liveEventInputSchema, response: { 200: liveEventSchema, ...refusals } } },
    async (request, reply) => {
      try {
        return await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
          const event = checkItem.event(draft.keys, { ...request.body, id: request.params.eventId });
          return { snapshot: putEvent(draft, event, 'update'), answer: event };
        });
      } catch (error) {
        return sendInvalid(reply, error);
      }
    },
  );

  app.delete(
    paths.event.pattern,
    { config: edit, schema: { tags, summary: 'Remove a live event from the draft (owners and admins)', security, params: liveEventParamsSchema, response: { 204: z.null(), ...refusals } } },
    async (request, reply) => {
      await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => ({ snapshot: deleteEvent(draft, request.params.eventId), answer: null }));
      return reply.code(204).send(null);
    },
  );

  app.post(
    paths.publish.pattern,
    {
      config: { projectRole: ownersAndAdmins('publish the live config') },
      schema: { tags, summary: 'Validate the whole draft and publish it as the next version (owners and admins); 400 lists every problem', security, params: projectParamsSchema, body: livePublishBodySchema, response: { 201: liveVersionSummarySchema, ...refusals } },
    },
    async (request, reply) => {
      try {
        return reply.code(201).send(await publish(db, projectOf(request).id, editorOf(request), request.body.note, clock));
      } catch (error) {
        return sendInvalid(reply, error);
      }
    },
  );

  app.get(
    paths.versions.pattern,
    { config: read, schema: { tags, summary: 'Every published version, newest first: the audit list of publishes and rollbacks', security, params: projectParamsSchema, response: { 200: liveVersionListSchema } } },
    async (request) => versionsOf(db, projectOf(request).id),
  );

  app.get(
    paths.version.pattern,
    { config: read, schema: { tags, summary: "One version with its snapshot", security, params: liveVersionParamsSchema, response: { 200: liveVersionSchema, 404: apiErrorSchema } } },
    async (request) => versionOf(db, projectOf(request).id, request.params.version),
  );

  app.get(
    paths.versionDiff.pattern,
    {
      config: read,
      schema: { tags, summary: 'What changed from this version to the current one (or to the draft with against=draft)', security, params: liveVersionParamsSchema, querystring: liveDiffQuerySchema, response: { 200: liveDiffSchema, 404: apiErrorSchema } },
    },
    async (request) => diffOf(db, projectOf(request).id, request.params.version, request.query.against),
  );

  app.post(
    paths.rollback.pattern,
    {
      config: { projectRole: ownersAndAdmins('roll back the live config') },
      schema: { tags, summary: "Publish this version's snapshot again as a new version, and reset the draft to it (owners and admins)", security, params: liveVersionParamsSchema, response: { 201: liveVersionSummarySchema, 404: apiErrorSchema } },
    },
    async (request, reply) => reply.code(201).send(await rollback(db, projectOf(request).id, editorOf(request), request.params.version, clock)),
  );

  app.post(
    paths.preview.pattern,
    { config: read, schema: { tags, summary: 'The exact values one player gets, from the published version or the draft, now or at a given time', security, params: projectParamsSchema, body: livePreviewBodySchema, response: { 200: livePreviewSchema } } },
    async (request) => preview(db, projectOf(request).id, request.body, clock),
  );
};
