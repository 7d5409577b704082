import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { apiPaths } from '@questboard/shared/api-paths';
import {
  experimentInputSchema,
  experimentListSchema,
  experimentParamsSchema,
  experimentResultsSchema,
  experimentSchema,
  experimentShipBodySchema,
} from '@questboard/shared/experiments-api';
import { projectParamsSchema } from '@questboard/shared/projects';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { anyMember, ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import type { EventStore } from '../events/event-store';
import { answerInvalidConfig, editorOf } from '../live-ops/live-route-common';
import { projectMoney } from '../currency/currency-service';
import { shed } from '../analytics/shed';
import { computeExperimentResults } from './results/experiment-results';
import {
  changeExperiment,
  createExperiment,
  experimentList,
  experimentOf,
  removeExperiment,
  shipExperiment,
  startExperiment,
  stopExperiment,
} from './experiment-service';

// Issue 16's experiments (ADR 029), under the project scope (ADR 013) with live ops' roles: every
// member reads; those who may edit the live config (owners and admins) create, change, start, stop
// and ship. The results (./results/, ADR 030) are read by every member, load-shed like the analytics pages.

const security = [{ bearerAuth: [] }];
const tags = ['experiments'];
const read = { projectRole: anyMember };
const change = { projectRole: ownersAndAdmins('change experiments') };
const refusals = { 400: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const experimentRoutes: FastifyPluginAsyncZod<{ db: Db; clock: Clock; events: EventStore }> = async (app, { db, clock, events }) => {
  const paths = apiPaths.experiments;
  // Shipping publishes through live ops' checks: a refused publish answers its problems the same way.
  answerInvalidConfig(app);

  app.get(
    paths.list.pattern,
    {
      config: read,
      schema: {
        tags,
        summary: "The project's experiments, oldest first, with the players each has exposed",
        security,
        params: projectParamsSchema,
        response: { 200: experimentListSchema },
      },
    },
    async (request) => experimentList(db, events, projectOf(request).id),
  );

  app.post(
    paths.list.pattern,
    {
      config: change,
      schema: {
        tags,
        summary: 'Create a draft experiment (owners and admins); 409 when the key exists or the project has too many open',
        security,
        params: projectParamsSchema,
        body: experimentInputSchema,
        response: { 201: experimentSchema, ...refusals },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createExperiment(db, projectOf(request).id, request.body, editorOf(request), clock)),
  );

  app.get(
    paths.experiment.pattern,
    {
      config: read,
      schema: { tags, summary: 'One experiment', security, params: experimentParamsSchema, response: { 200: experimentSchema, 404: apiErrorSchema } },
    },
    async (request) => experimentOf(db, projectOf(request).id, request.params.key),
  );

  app.put(
    paths.experiment.pattern,
    {
      config: change,
      schema: {
        tags,
        summary: "Replace a draft's definition (owners and admins); 409 once it has started",
        security,
        params: experimentParamsSchema,
        body: experimentInputSchema,
        response: { 200: experimentSchema, ...refusals },
      },
    },
    async (request) => changeExperiment(db, projectOf(request).id, request.params.key, request.body, editorOf(request), clock),
  );

  app.delete(
    paths.experiment.pattern,
    {
      config: change,
      schema: {
        tags,
        summary: 'Delete a draft (owners and admins); 409 once it has started',
        security,
        params: experimentParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await removeExperiment(db, projectOf(request).id, request.params.key);
      return reply.code(204).send(null);
    },
  );

  app.post(
    paths.start.pattern,
    {
      config: change,
      schema: {
        tags,
        summary:
          'Start a draft (owners and admins): its overrides must name published keys with values of their type, no other running experiment outside its layer may override them, and its layer must have room',
        security,
        params: experimentParamsSchema,
        response: { 200: experimentSchema, ...refusals },
      },
    },
    async (request) => startExperiment(db, projectOf(request).id, request.params.key, editorOf(request), clock),
  );

  app.post(
    paths.stop.pattern,
    {
      config: change,
      schema: {
        tags,
        summary: 'Stop a running experiment (owners and admins): its players get the config without it from the next request',
        security,
        params: experimentParamsSchema,
        response: { 200: experimentSchema, ...refusals },
      },
    },
    async (request) => stopExperiment(db, projectOf(request).id, request.params.key, editorOf(request), clock),
  );

  app.post(
    paths.ship.pattern,
    {
      config: { projectRole: ownersAndAdmins('ship an experiment') },
      schema: {
        tags,
        summary:
          "Ship a variant (owners and admins): publish a new live config version whose keys' defaults are its overrides, set them in the draft too, and stop the experiment",
        security,
        params: experimentParamsSchema,
        body: experimentShipBodySchema,
        response: { 200: experimentSchema, ...refusals },
      },
    },
    async (request) => shipExperiment(db, projectOf(request).id, request.params.key, request.body.variant, editorOf(request), clock),
  );

  app.get(
    paths.results.pattern,
    {
      config: read,
      schema: {
        tags,
        summary:
          "An experiment's results now: exposures and the split check, each metric per variant against control with its always-valid decision and verdict, and the primary metric day by day",
        security,
        params: experimentParamsSchema,
        response: { 200: experimentResultsSchema, 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const { id: projectId, organisationId } = projectOf(request);
      const experiment = await experimentOf(db, projectId, request.params.key);
      const money = await projectMoney(db, organisationId, projectId);
      return shed(computeExperimentResults(events, projectId, experiment, clock.now(), money));
    },
  );
};
