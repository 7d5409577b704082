// Every HTTP path of the product, spelled once (issue 19, ADR 017). The server registers
// `apiPaths.x.y.pattern`; the web calls `apiPaths.x.y.url({ ... })`. The surface itself is fixed by
// docs/product/http-contract.md: changing a pattern here changes the contract.
import { apiPath } from './api-path';

/** The identity service's prefix; its refresh cookie is scoped to it. */
export const identityPathPrefix = '/auth/v1';
/** The Google sign-in's prefix; its browser-binding cookie is scoped to it. */
export const googlePathPrefix = '/auth/v1/google';

export const apiPaths = {
  identity: {
    config: apiPath('/auth/v1/config'),
    sendEmailLink: apiPath('/auth/v1/email-link/send'),
    completeEmailLink: apiPath('/auth/v1/email-link/complete'),
    token: apiPath('/auth/v1/token'),
    signOut: apiPath('/auth/v1/sign-out'),
    jwks: apiPath('/auth/v1/jwks.json'),
    user: apiPath('/auth/v1/user'),
    googleAuthorize: apiPath('/auth/v1/google/authorize'),
    googleCallback: apiPath('/auth/v1/google/callback'),
  },
  accounts: {
    register: apiPath('/core/accounts/register'),
    name: apiPath('/core/accounts/name'),
  },
  organisations: {
    create: apiPath('/core/orgs'),
    info: apiPath('/core/orgs/info'),
    leave: apiPath('/core/orgs/leave'),
    members: apiPath('/core/orgs/members'),
    member: apiPath('/core/orgs/members/:userId'),
    invitations: apiPath('/core/orgs/invitations'),
    invitation: apiPath('/core/orgs/invitations/:id'),
    resendInvitation: apiPath('/core/orgs/invitations/:id/resend'),
    usage: apiPath('/core/orgs/usage'),
    quota: apiPath('/core/orgs/quota'),
  },
  /** Invitations as their invitee sees them. */
  invitations: {
    byCode: apiPath('/core/invitations/by-code/:code'),
    pending: apiPath('/core/invitations/pending'),
    one: apiPath('/core/invitations/:id'),
    accept: apiPath('/core/invitations/:id/accept'),
    decline: apiPath('/core/invitations/:id/decline'),
    createOwn: apiPath('/core/invitations/:id/create-own'),
  },
  projects: {
    create: apiPath('/core/projects'),
    all: apiPath('/core/projects/all'),
    search: apiPath('/core/projects/search'),
    info: apiPath('/core/projects/info'),
    /** The project scope's prefix (ADR 013): `:id` is the project's UUID. */
    one: apiPath('/core/projects/:id'),
    currency: apiPath('/core/projects/:id/currency'),
    exchangeRate: apiPath('/core/projects/:id/currency/rates/:currency'),
    dataSettings: apiPath('/core/projects/:id/data-settings'),
    events: apiPath('/core/projects/:id/events'),
    latestEvents: apiPath('/core/projects/:id/events/latest'),
    ingestKeys: apiPath('/core/projects/:id/ingest-keys'),
    ingestKey: apiPath('/core/projects/:id/ingest-keys/:keyId'),
    demoData: apiPath('/core/projects/:id/demo-data'),
  },
  analytics: {
    overview: apiPath('/core/projects/:id/analytics/overview'),
    players: apiPath('/core/projects/:id/analytics/players'),
    player: apiPath('/core/projects/:id/analytics/players/:userId'),
    revenue: apiPath('/core/projects/:id/analytics/revenue'),
    retention: apiPath('/core/projects/:id/analytics/retention'),
    engagement: apiPath('/core/projects/:id/analytics/engagement'),
    explore: apiPath('/core/projects/:id/analytics/explore'),
    events: apiPath('/core/projects/:id/analytics/events'),
    filters: apiPath('/core/projects/:id/analytics/filters'),
    /** Issue 17, ADR 028: level progression and the economy of virtual currencies. */
    levels: apiPath('/core/projects/:id/analytics/levels'),
    economy: apiPath('/core/projects/:id/analytics/economy'),
  },
  /** Funnels (issue 17, ADR 027): a funnel's figures, and the players who dropped at a step. */
  funnels: {
    funnel: apiPath('/core/projects/:id/analytics/funnel'),
    players: apiPath('/core/projects/:id/analytics/funnel/players'),
  },
  dashboard: {
    one: apiPath('/core/projects/:id/dashboard'),
    charts: apiPath('/core/projects/:id/dashboard/charts'),
    chart: apiPath('/core/projects/:id/dashboard/charts/:chartId'),
    order: apiPath('/core/projects/:id/dashboard/order'),
  },
  support: {
    message: apiPath('/core/support'),
    status: apiPath('/core/system/status'),
  },
  ingestion: {
    batch: apiPath('/ingest/v1/batch'),
    /** The demo loader's own key, asked from loopback by `npm run demo`. */
    demoKey: apiPath('/internal/v1/demo-key'),
  },
  system: {
    health: apiPath('/healthz'),
    readiness: apiPath('/readyz'),
    status: apiPath('/api/system/status'),
    openApi: apiPath('/api/openapi.json'),
    docs: apiPath('/api/docs'),
  },
  /** Live operations (issue 15, ADR 021): the draft, versions and preview; `config` is what games call. */
  live: {
    draft: apiPath('/core/projects/:id/live/draft'),
    keys: apiPath('/core/projects/:id/live/keys'),
    key: apiPath('/core/projects/:id/live/keys/:key'),
    events: apiPath('/core/projects/:id/live/events'),
    event: apiPath('/core/projects/:id/live/events/:eventId'),
    publish: apiPath('/core/projects/:id/live/publish'),
    versions: apiPath('/core/projects/:id/live/versions'),
    version: apiPath('/core/projects/:id/live/versions/:version'),
    versionDiff: apiPath('/core/projects/:id/live/versions/:version/diff'),
    rollback: apiPath('/core/projects/:id/live/versions/:version/rollback'),
    preview: apiPath('/core/projects/:id/live/preview'),
    config: apiPath('/live/v1/config'),
  },
  experiments: {
    list: apiPath('/core/projects/:id/experiments'),
    experiment: apiPath('/core/projects/:id/experiments/:key'),
    start: apiPath('/core/projects/:id/experiments/:key/start'),
    stop: apiPath('/core/projects/:id/experiments/:key/stop'),
    ship: apiPath('/core/projects/:id/experiments/:key/ship'),
    results: apiPath('/core/projects/:id/experiments/:key/results'),
  },
  devMailbox: {
    page: apiPath('/dev/mailbox'),
    messages: apiPath('/dev/mailbox/messages'),
  },
} as const;

/** Every declared pattern: the server's test checks each is registered, and that it registers no other. */
export const declaredPatterns: readonly string[] = Object.values(apiPaths).flatMap((group: Readonly<Record<string, { pattern: string }>>) =>
  Object.values(group).map((path) => path.pattern),
);

/** The analytics pages' calls, by the name the web's query keys use. */
export type AnalyticsPage = Exclude<keyof typeof apiPaths.analytics, 'player'>;
