import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@questboard/shared/api-paths';
import { liveEventSchema, liveKeySchema } from '@questboard/shared/live-config';
import {
  liveDraftSchema,
  liveEventInputSchema,
  liveEventParamsSchema,
  liveKeyCreateSchema,
  liveKeyDeleteQuerySchema,
  liveKeyInputSchema,
  liveKeyParamsSchema,
} from '@questboard/shared/live-api';
import { projectParamsSchema } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { projectOf } from '../../plugins/project-scope';
import { deleteEvent, deleteKey, keyFrom, newId, putEvent, putKey } from './live-draft-edits';
import { checkItem } from './live-item-checks';
import { draftOf, editDraft } from './live-service';
import { answerInvalidConfig, edit, editorOf, read, refusals, security, tags } from './live-route-common';

/** The draft (issue 15): its keys with their rules and its live events, edited by owners and admins, read by every member. */
export const liveDraftRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock }> = async (app, { db, clock }) => {
  const paths = apiPaths.live;
  answerInvalidConfig(app);

  app.get(
    paths.draft.pattern,
    {
      config: read,
      schema: {
        tags,
        summary:
          'The draft config: keys with their rules, live events, and whether it differs from the current version',
        security,
        params: projectParamsSchema,
        response: { 200: liveDraftSchema },
      },
    },
    async (request) => draftOf(db, projectOf(request).id, clock),
  );

  app.post(
    paths.keys.pattern,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Add a key to the draft (owners and admins)',
        security,
        params: projectParamsSchema,
        body: liveKeyCreateSchema,
        response: { 201: liveKeySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const { name, ...input } = request.body;
      const key = await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
        const made = checkItem.key(keyFrom(name, input, undefined));
        return { snapshot: putKey(draft, made, 'create'), answer: made };
      });
      return reply.code(201).send(key);
    },
  );

  app.put(
    paths.key.pattern,
    {
      config: edit,
      schema: {
        tags,
        summary: "Change a key of the draft (owners and admins); a rule sent with its id keeps its rollout's salt",
        security,
        params: liveKeyParamsSchema,
        body: liveKeyInputSchema,
        response: { 200: liveKeySchema, ...refusals },
      },
    },
    async (request) =>
      editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
        const made = checkItem.key(
          keyFrom(
            request.params.key,
            request.body,
            draft.keys.find((key) => key.name === request.params.key),
          ),
        );
        return { snapshot: putKey(draft, made, 'update'), answer: made };
      }),
  );

  app.delete(
    paths.key.pattern,
    {
      config: edit,
      schema: {
        tags,
        summary:
          'Remove a key from the draft (owners and admins); 409 naming the live events that override it, unless confirm=true, which removes those overrides too',
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
    {
      config: edit,
      schema: {
        tags,
        summary: 'Schedule a live event in the draft (owners and admins)',
        security,
        params: projectParamsSchema,
        body: liveEventInputSchema,
        response: { 201: liveEventSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const event = await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
        const event = checkItem.event(draft.keys, { ...request.body, id: newId() });
        return { snapshot: putEvent(draft, event, 'create'), answer: event };
      });
      return reply.code(201).send(event);
    },
  );

  app.put(
    paths.event.pattern,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Change a live event of the draft (owners and admins)',
        security,
        params: liveEventParamsSchema,
        body: liveEventInputSchema,
        response: { 200: liveEventSchema, ...refusals },
      },
    },
    async (request) =>
      editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => {
        const event = checkItem.event(draft.keys, { ...request.body, id: request.params.eventId });
        return { snapshot: putEvent(draft, event, 'update'), answer: event };
      }),
  );

  app.delete(
    paths.event.pattern,
    {
      config: edit,
      schema: {
        tags,
        summary: 'Remove a live event from the draft (owners and admins)',
        security,
        params: liveEventParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await editDraft(db, projectOf(request).id, editorOf(request), clock, (draft) => ({
        snapshot: deleteEvent(draft, request.params.eventId),
        answer: null,
      }));
      return reply.code(204).send(null);
    },
  );
};
