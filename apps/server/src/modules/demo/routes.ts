import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@questboard/shared/api-error';
import { demoDataBodySchema, demoDataStatusSchema, removedDemoDataSchema } from '@questboard/shared/developer';
import { projectInfoQuerySchema, projectParamsSchema } from '@questboard/shared/projects';
import { apiPaths } from '@questboard/shared/api-paths';
import type { Db } from '../../db/database';
import { HttpError, tooManyRequests } from '../../http-error';
import type { Clock } from '../../lib/clock';
import { memoryRateLimits, type RateLimits } from '../../lib/rate-limits';
import { anyMember, ownersAndAdmins, projectOf } from '../../plugins/project-scope';
import type { EventStore } from '../events/event-store';
import { demoIngestKey } from '../ingestion/ingestion-api';
import { demoKeyByIdentifier } from './demo-key';
import { DemoLoads, demoEnd, type DemoLoadRegistry } from './demo-loads';
import { SharedDemoLoads } from './shared-demo-loads';
import type { IngestPost } from './demo-sender';
import { localTokenHash, type LocalToken } from './local-token';
import { demoEditorOf, setUpDemoExperiment } from './demo-experiment-setup';
import { editorOf } from '../live-ops/live-route-common';

const security = [{ bearerAuth: [] }];
const tags = ['developer'];

export const demoErrors = {
  running: () => new HttpError(409, 'DEMO_DATA_LOADING', 'Demo data is already being loaded into this project.'),
  realData: () =>
    new HttpError(409, 'PROJECT_HAS_EVENTS', 'This project already receives real events; demo data is only loaded into an empty project.'),
};

/**
 * Demo data (issue 7): a generated game population sent through the real ingestion endpoint with the
 * project's demo key, so its events are labelled demo and can be removed as a whole.
 */
export const demoRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  events: EventStore;
  /** This process's DATA_DIR/local-admin-token. */
  localToken: LocalToken;
  /** Several processes share the database: loads are known to all of them through it (ADR 032). */
  shared?: boolean;
  rateLimits?: RateLimits;
  /** With several processes: whether another live process wrote this local-token hash. */
  otherLocalToken?: (hash: string) => Promise<boolean>;
}> = async (app, { db, clock, events, localToken, shared = false, rateLimits = memoryRateLimits(clock), otherLocalToken }) => {
  const loads: DemoLoadRegistry = shared ? new SharedDemoLoads(db, clock) : new DemoLoads();
  app.addHook('preClose', async () => loads.stopAll());
  // The button's load goes through the whole HTTP pipeline of the endpoint (hooks, key, limits,
  // validation), without depending on which address the server listens on.
  const post: IngestPost = async (body, key) => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.ingestion.batch.pattern,
      headers: { 'content-type': 'application/json', 'x-ingest-key': key },
      payload: body,
    });
    const retryAfter = response.headers['retry-after'];
    return { status: response.statusCode, retryAfter: typeof retryAfter === 'string' ? retryAfter : undefined, body: response.body };
  };

  const status = async (projectId: string) => ({ ...(await loads.status(projectId)), demoEvents: (await events.summary(projectId)).demoEvents });

  app.get(
    apiPaths.projects.demoData.pattern,
    {
      config: { projectRole: anyMember },
      schema: { tags, summary: 'Whether demo data is loading, loaded or absent', security, params: projectParamsSchema, response: { 200: demoDataStatusSchema } },
    },
    async (request) => status(projectOf(request).id),
  );

  app.post(
    apiPaths.projects.demoData.pattern,
    {
      config: { projectRole: anyMember },
      schema: {
        tags,
        summary: 'Start loading demo data (20,000 players over 90 days) into a project without real events',
        security,
        params: projectParamsSchema,
        body: demoDataBodySchema.nullish(),
        response: { 202: demoDataStatusSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const project = projectOf(request);
      if (await loads.isRunning(project.id)) throw demoErrors.running();
      const summary = await events.summary(project.id);
      if (summary.totalEvents > summary.demoEvents) throw demoErrors.realData();
      const key = await demoIngestKey(db, project.id, clock.now());
      const end = demoEnd(clock.now());
      // The running experiment the demo's players are exposed to (issue 16).
      await setUpDemoExperiment(db, project.id, end, editorOf(request), clock.now());
      const started = await loads.start(project.id, {
        post,
        key,
        end,
        players: request.body?.players,
        log: (error) => request.log.error({ err: error }, 'demo data load failed'),
      });
      // Another request (on this process or another) started one meanwhile.
      if (!started) throw demoErrors.running();
      return reply.code(202).send(await status(project.id));
    },
  );

  app.delete(
    apiPaths.projects.demoData.pattern,
    {
      // Deleting analytics data, demo data included, is for owners and admins (issue 21).
      config: { projectRole: ownersAndAdmins('remove demo data') },
      schema: {
        tags,
        summary: "Remove the project's demo data, stopping a load in progress (owners and admins); real events stay",
        security,
        params: projectParamsSchema,
        response: { 200: removedDemoDataSchema },
      },
    },
    async (request) => {
      const project = projectOf(request);
      await loads.stop(project.id);
      return { removedEvents: await events.deleteDemo(project.id) };
    },
  );

  // For `npm run demo` on the server's machine: proven by the token in DATA_DIR, not by a sign-in.
  const isLocalToken = async (presented: string | undefined) =>
    localToken.matches(presented) || (presented !== undefined && otherLocalToken !== undefined && (await otherLocalToken(localTokenHash(presented))));
  const guesses = rateLimits('local-token-guesses-per-ip', 10, 60_000);
  app.post(
    apiPaths.ingestion.demoKey.pattern,
    {
      schema: {
        tags: ['internal'],
        summary: "The demo key of a project, for `npm run demo` (Authorization: Bearer <DATA_DIR/local-admin-token>)",
        body: projectInfoQuerySchema,
        response: { 200: z.object({ key: z.string(), projectId: z.uuid(), name: z.string() }), 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const presented = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!(await isLocalToken(presented))) {
        const verdict = await guesses.hit(request.ip);
        if (!verdict.allowed) throw tooManyRequests(verdict.retryAfterSeconds);
        throw new HttpError(401, 'LOCAL_TOKEN_INVALID', 'This call needs the local admin token from DATA_DIR/local-admin-token.');
      }
      const demo = await demoKeyByIdentifier(db, request.body.identifier, clock.now());
      // `npm run demo` sends the same population as the button: its experiment's record too, made
      // for the organisation's owner (the CLI acts for the installation, not for a person).
      const editor = await demoEditorOf(db, demo.projectId);
      if (editor) await setUpDemoExperiment(db, demo.projectId, demoEnd(clock.now()), editor, clock.now());
      return demo;
    },
  );
};
