import { z } from 'zod';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import {
  createProjectBodySchema,
  projectInfoQuerySchema,
  projectPageQuerySchema,
  projectPageSchema,
  projectParamsSchema,
  projectSchema,
  projectSearchQuerySchema,
  updateProjectBodySchema,
} from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { memberOf } from '../../plugins/membership';
import { guardedCacheView } from '../../plugins/authenticate';
import { anyMember, ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import type { EventStore } from '../events/event-store';
import { findProjects } from './project-list';
import { createProject, deleteProject, getProject, getProjectByIdentifier, updateProject } from './project-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
const notFound = { 404: apiErrorSchema };
const security = [{ bearerAuth: [] }];
const tags = ['projects'];

export const projectRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; events: EventStore }> = async (app, { db, clock, events }) => {
  // The list's pages as sent, validated and serialised once, until any project changes (the web app
  // asks for the same first page on every visit; ADR 019).
  const pages = app.stateCache.memo<string>(2_000);
  app.get(
    apiPaths.projects.all.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: "One page of the organisation's projects (page from 0, size up to 100, sort field,direction)",
        security,
        querystring: projectPageQuerySchema,
        response: { 200: projectPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { organisationId } = memberOf(request);
      const { page, size, sort } = request.query;
      const json = await pages.get(guardedCacheView(request), `${organisationId} ${page} ${size} ${sort}`, async () =>
        JSON.stringify(projectPageSchema.parse(await findProjects(db, organisationId, request.query))),
      );
      // A JSON string is sent as it is (the untyped reply accepts it): the schema checked it when it was cached.
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  );

  app.get(
    apiPaths.projects.search.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Projects whose name, description or identifier contains q (any case), paged like /all',
        security,
        querystring: projectSearchQuerySchema,
        response: { 200: projectPageSchema, ...errors },
      },
    },
    async (request) => findProjects(db, memberOf(request).organisationId, request.query),
  );

  // A static path: it never reaches /:id, whose uuid schema would refuse 'info' anyway.
  app.get(
    apiPaths.projects.info.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'The project with this identifier (the browser address); 404 outside the organisation',
        security,
        querystring: projectInfoQuerySchema,
        response: { 200: projectSchema, ...notFound, ...errors },
      },
    },
    async (request) => getProjectByIdentifier(db, memberOf(request).organisationId, request.query.identifier),
  );

  app.get(
    apiPaths.projects.one.pattern,
    {
      config: { projectRole: anyMember },
      schema: { tags, summary: 'One project; 404 outside the organisation', security, params: projectParamsSchema, response: { 200: projectSchema } },
    },
    async (request) => getProject(db, projectOf(request).organisationId, request.params.id),
  );

  app.post(
    apiPaths.projects.create.pattern,
    {
      preHandler: app.requireOrganisation,
      schema: {
        tags,
        summary: 'Create a project (any member); its identifier is made from the name',
        security,
        body: createProjectBodySchema,
        response: { 201: projectSchema, ...errors },
      },
    },
    async (request, reply) => {
      const project = await createProject(db, clock, memberOf(request).organisationId, request.body);
      return reply.code(201).send(project);
    },
  );

  app.put(
    apiPaths.projects.one.pattern,
    {
      config: { projectRole: anyMember },
      schema: {
        tags,
        summary: 'Change the name and description (any member); the identifier never changes',
        security,
        params: projectParamsSchema,
        body: updateProjectBodySchema,
        response: { 200: projectSchema },
      },
    },
    async (request) => updateProject(db, clock, projectOf(request).organisationId, request.params.id, request.body),
  );

  app.delete(
    apiPaths.projects.one.pattern,
    {
      config: { projectRole: ownersAndAdmins('delete a project') },
      schema: {
        tags,
        summary: 'Delete a project and everything that belongs to it (owners and admins)',
        security,
        params: projectParamsSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteProject(db, projectOf(request).organisationId, request.params.id);
      // The project's rows are gone (with its keys, so nothing new arrives); now its events.
      await events.deleteProject(request.params.id);
      return reply.code(204).send(null);
    },
  );
};
