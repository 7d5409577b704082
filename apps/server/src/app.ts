import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { registerErrorHandling } from './plugins/error-handler';
import { registerRequestLog } from './plugins/request-log';
import { registerOpenApi } from './plugins/openapi';
import { registerWebApp } from './plugins/web-app';
import { registerSecurityHeaders } from './plugins/security-headers';
import { ensureInstallation } from './modules/system/installation';
import { systemRoutes } from './modules/system/routes';
import { systemClock, type Clock } from './lib/clock';
import { createMailer, type Mailer } from './mail/mailer';
import { devMailboxPath, devMailboxRoutes } from './mail/dev-mailbox-routes';
import { registerAuthentication } from './plugins/authenticate';
import { createIdentityService, type IdentityService } from './modules/identity/identity-service';
import { identityRoutes } from './modules/identity/routes';
import { loadSigningKeys } from './modules/identity/signing-keys';
import { SharedSigningKeys } from './modules/identity/shared-signing-keys';
import { memoryRateLimits, postgresRateLimits } from './lib/rate-limits';
import { registerMembershipGuards } from './plugins/membership';
import { createAuthCache } from './plugins/auth-cache';
import { StateCache } from './db/state-cache';
import { registerProjectScope } from './plugins/project-scope';
import { accountRoutes } from './modules/accounts/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { memberRoutes } from './modules/organisations/member-routes';
import { createInvitationService } from './modules/invitations/invitation-service';
import { createInvitationAnswers } from './modules/invitations/invitation-answers';
import { organisationInvitationRoutes } from './modules/invitations/routes';
import { inviteeRoutes } from './modules/invitations/invitee-routes';
import { projectRoutes } from './modules/projects/routes';
import type { EventStore } from './modules/events/event-store';
import { openEventStore } from './modules/events/open-event-store';
import { eventRoutes } from './modules/events/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { dashboardRoutes } from './modules/analytics/dashboard-routes';
import { currencyRoutes } from './modules/currency/currency-routes';
import { ingestKeyRoutes } from './modules/ingestion/ingest-key-routes';
import { ingestRoutes, type IngestLimits } from './modules/ingestion/ingest-routes';
import { demoRoutes } from './modules/demo/routes';
import { writeLocalToken } from './modules/demo/local-token';
import { projectDataRoutes } from './modules/events/project-data-routes';
import { scheduleRetention } from './modules/events/retention';
import { QuotaTracker } from './modules/billing/quota-tracker';
import { SharedQuotas } from './modules/billing/shared-quotas';
import { oneInstance, startInstanceCount } from './lib/instance-share';
import { billingRoutes } from './modules/billing/routes';
import { createSupportService } from './modules/support/support-service';
import { supportRoutes } from './modules/support/routes';
import { liveDraftRoutes } from './modules/live-ops/live-draft-routes';
import { liveVersionRoutes } from './modules/live-ops/live-version-routes';
import { liveDeliveryRoutes } from './modules/live-ops/live-delivery-routes';
import { experimentRoutes } from './modules/experiments/experiment-routes';

export const productVersion: string = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export interface AppDependencies {
  config: Config;
  database: Database;
  /** The built web app (apps/web/dist); without it browser routes answer 503. */
  webRoot?: string | undefined;
  logger?: FastifyServerOptions['logger'];
  /** Tests move time with a manual clock. */
  clock?: Clock;
  /** The analytics store; by default the embedded DuckDB under DATA_DIR, opened and closed with the app. */
  events?: EventStore;
  /** Tests lower the ingestion rate limit to reach it. */
  ingestLimits?: Partial<IngestLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
    identity: IdentityService;
  }
}

/** Builds the whole HTTP surface; only `main.ts` listens. Tests call this with `app.inject`. */
export async function buildApp({ config, database, webRoot, logger, clock = systemClock, events: givenEvents, ingestLimits }: AppDependencies) {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-ingest-key"]'],
    },
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // One line per request instead of two (plugins/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Only the named load balancers' X-Forwarded-For is believed (docs/deploy.md#the-load-balancer).
    ...(config.trustedProxies.length > 0 ? { trustProxy: config.trustedProxies } : {}),
    // Slow clients cannot hold a connection forever.
    requestTimeout: 120_000,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // While stopping, answer in-flight requests with `Connection: close` so keep-alive clients do
  // not hold the process open after their last response.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook: an async one costs a promise per request.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestLog(app);

  const secureOrigin = config.appUrl.startsWith('https://');
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: secureOrigin ? [] : null,
      },
    },
    // Sign-in links carry secrets in the query string: never leak them in a Referer.
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: secureOrigin ? { maxAge: 15_552_000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCookie);
  // API answers (analytics tables can be large) are compressed on the fly; static files are
  // pre-compressed at build time and served as they are.
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  // Routes opt in with `config: { rateLimit: {...} }`; nothing is limited globally.
  await app.register(fastifyRateLimit, { global: false });
  await registerOpenApi(app, { appName: config.appName, version: productVersion, appUrl: config.appUrl });

  const events = givenEvents ?? (await openEventStore(config));
  // Closed after every request has been answered, so no acknowledged write is cut short.
  if (!givenEvents) app.addHook('onClose', async () => events.close());

  const installation = await ensureInstallation(database.db);
  await app.register(systemRoutes, { database, events, installation, appName: config.appName, version: productVersion });

  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, logger: app.log, clock });
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  if (config.devMailbox) await app.register(devMailboxRoutes, { mailer, appName: config.appName });

  const publicId = installation.instanceId;
  // With PostgreSQL several processes may serve one installation: what decides an answer lives in
  // the database, not in this process or its DATA_DIR (ADR 032).
  const shared = database.driver === 'postgres';
  const rateLimits = shared ? postgresRateLimits(database.db, clock) : memoryRateLimits(clock);
  const sharedKeys = shared ? await SharedSigningKeys.load(database.db, clock) : undefined;
  const localToken = writeLocalToken(config.dataDir);
  // Per-second limits on ingestion and delivery: each process allows its share (ADR 032).
  const instances = shared ? await startInstanceCount(database.db, clock, { localTokenHash: localToken.hash }) : oneInstance;
  app.addHook('onClose', async () => instances.stop());
  if (sharedKeys) app.addHook('onClose', async () => sharedKeys.stop());
  // Users, accounts, memberships, sessions, keys and project pages, cleared by every change to them (ADR 019).
  const stateCache = new StateCache(database.cacheVersion);
  await stateCache.start();
  app.decorate('stateCache', stateCache);
  const auth = createAuthCache(database.db, stateCache);
  const identity = createIdentityService({
    db: database.db,
    config,
    clock,
    keys: sharedKeys ?? (await loadSigningKeys(config.dataDir, clock)),
    mailer,
    publicId,
    signedIn: auth.signedIn,
    logger: app.log,
    rateLimits,
  });
  app.decorate('identity', identity);
  registerAuthentication(app, identity, auth);
  // The mailer's kind is the one decision on whether mail is delivered; /login says where the link went.
  const devMailbox = mailer.kind === 'dev-mailbox' ? devMailboxPath : undefined;
  await app.register(identityRoutes, { identity, config, publicId, devMailbox });

  // /core: accounts, organisations, members, projects and invitations, behind the account and organisation guards.
  const db = database.db;
  registerMembershipGuards(app, auth);
  // Before any route: every route under /core/projects/:id gets the project and role check (ADR 013).
  registerProjectScope(app, db);
  await app.register(accountRoutes, { db, clock });
  await app.register(organisationRoutes, { db, clock });
  await app.register(memberRoutes, { db });
  await app.register(projectRoutes, { db, clock, events });
  await app.register(ingestKeyRoutes, { db, clock });
  await app.register(eventRoutes, { events });
  await app.register(analyticsRoutes, { db, clock, events });
  await app.register(dashboardRoutes, { db, clock });
  await app.register(currencyRoutes, { db, clock });
  await app.register(demoRoutes, { db, clock, events, localToken, shared, rateLimits, otherLocalToken: shared ? (hash) => instances.hasLocalToken(hash) : undefined });
  const quotas = shared ? new SharedQuotas(db, events, clock) : new QuotaTracker(db, events, clock);
  const processes = () => instances.current();
  await app.register(ingestRoutes, { db, clock, events, quotas, limits: ingestLimits, processes });
  await app.register(projectDataRoutes, { db, clock, events, quotas });
  await app.register(billingRoutes, { db, clock, events, quotas });
  await app.register(liveDraftRoutes, { db, clock });
  await app.register(liveVersionRoutes, { db, clock });
  await app.register(liveDeliveryRoutes, { db, clock, requestsPerAddress: ingestLimits?.requestsPerAddress, processes });
  await app.register(experimentRoutes, { db, clock, events });
  const stopRetention = scheduleRetention(db, events, clock, (error) => app.log.error({ err: error }, 'retention sweep failed'));
  app.addHook('preClose', async () => stopRetention());
  const invitations = createInvitationService({ db, clock, mailer, appUrl: config.appUrl, appName: config.appName, logger: app.log, rateLimits });
  await app.register(organisationInvitationRoutes, { invitations });
  await app.register(inviteeRoutes, { answers: createInvitationAnswers({ db, clock, rateLimits }) });
  const support = createSupportService({
    db,
    clock,
    mailer,
    supportEmail: config.supportEmail,
    appName: config.appName,
    version: productVersion,
    instanceId: installation.instanceId,
    logger: app.log,
    rateLimits,
  });
  const status = () => ({
    version: productVersion,
    database: database.driver,
    eventStore: events.kind,
    mail: mailer.kind,
    googleSignIn: config.google !== undefined,
    supportEmail: support.configured,
  });
  await app.register(supportRoutes, { support, status });

  await registerWebApp(app, { webRoot, appName: config.appName });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
