// Every browser route of docs/product/routes-and-screens.md#routes, declared once. Build links with getHref, never by hand.

const projectHref = (projectSlug: string) => `/project/${encodeURIComponent(projectSlug)}`;

const projectPage = (path: string, title: string) => ({
  path,
  title,
  getHref: (projectSlug: string) => `${projectHref(projectSlug)}/${path}`,
});

/** The project area's child pages, in navigation order; overview is the default. */
export const projectPages = {
  overview: projectPage('overview', 'Overview'),
  dashboard: projectPage('dashboard', 'Dashboard'),
  playerInsights: projectPage('player-insights', 'Player Insights'),
  revenueOptimisation: projectPage('revenue-optimisation', 'Revenue Optimisation'),
  engagementRetention: projectPage('engagement-retention', 'Engagement & Retention'),
  analytics: projectPage('analytics', 'Analytics'),
  // Issue 17: funnels on a page of their own, beside the explorer.
  funnels: projectPage('funnels', 'Funnels'),
  // Issue 17: level progression and the economy of virtual currencies (the game-design feature).
  levels: projectPage('levels', 'Levels'),
  economy: projectPage('economy', 'Economy'),
  events: projectPage('events', 'Events'),
  // Issue 15: beside the specification's twelve, after the pages that read players and before administration.
  liveOps: projectPage('live-ops', 'Live Ops'),
  // Issue 16: A/B tests on live config values, beside the live config they change.
  experiments: projectPage('experiments', 'Experiments'),
  users: projectPage('users', 'Users'),
  settings: projectPage('settings', 'Settings'),
  billing: projectPage('billing', 'Billing'),
  developer: projectPage('developer', 'Developer'),
  helpSupport: projectPage('help-support', 'Help & Support'),
} as const;

export type ProjectPage = (typeof projectPages)[keyof typeof projectPages];

/** The project navigation's sections, in order; together they hold every page of projectPages once, in its order. */
export const projectNavSections: readonly { title: string; pages: readonly ProjectPage[] }[] = [
  {
    title: 'Analytics',
    pages: [
      projectPages.overview,
      projectPages.dashboard,
      projectPages.playerInsights,
      projectPages.revenueOptimisation,
      projectPages.engagementRetention,
      projectPages.analytics,
      projectPages.funnels,
      projectPages.levels,
      projectPages.economy,
      projectPages.events,
    ],
  },
  { title: 'Live operations', pages: [projectPages.liveOps, projectPages.experiments] },
  {
    title: 'Project',
    pages: [projectPages.users, projectPages.settings, projectPages.billing, projectPages.developer, projectPages.helpSupport],
  },
];

/** The settings page's currency section, the target of the revenue pages' "add a rate" links. */
export const CURRENCY_SETTINGS_ANCHOR = 'currency';

/** An invitation is opened either by its code (/access/{code}) or by its id (/access?id={id}). */
export type InvitationReference = { code: string } | { id: string };

export const paths = {
  login: { path: '/login', getHref: () => '/login' },
  authCallback: { path: '/auth/callback', getHref: () => '/auth/callback' },
  access: {
    path: '/access/:code?',
    getHref: (invitation: InvitationReference) =>
      'code' in invitation
        ? `/access/${encodeURIComponent(invitation.code)}`
        : `/access?id=${encodeURIComponent(invitation.id)}`,
  },
  authValidation: { path: '/auth-validation', getHref: () => '/auth-validation' },
  createOrg: {
    path: '/create-org',
    // mode=manual lets an already set-up user open the page (docs/product/routes-and-screens.md#routes).
    getHref: (options?: { manual?: boolean }) => (options?.manual ? '/create-org?mode=manual' : '/create-org'),
  },
  completeProfile: { path: '/complete-profile', getHref: () => '/complete-profile' },
  home: { path: '/', getHref: () => '/' },
  organisation: { path: '/organisation', getHref: () => '/organisation' },
  project: { path: '/project/:projectSlug', getHref: projectHref },
} as const;
