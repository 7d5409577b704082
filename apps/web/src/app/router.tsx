import { useState } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { PageLoader } from '../components/ui/page-loader';
import { type ProjectPage, paths, projectPages } from '../config/paths';
import { AuthGate } from '../features/auth/components/auth-gate';
import { lazyRoute } from '../lib/lazy-route';
import { AppShell } from './routes/app-shell';
import { PublicLayout } from './routes/public-layout';
import { RootLayout } from './routes/root-layout';
import { PageErrorScreen, RouteErrorScreen } from './routes/route-error-screen';

// The route table of docs/product/routes-and-screens.md#routes. Every page is a lazy route module (its own chunk, see
// scripts/size-report.mjs) loaded through lazyRoute (time-out, one reload after a deploy);
// layouts and the sign-in guard stay in the app's own chunk (app/start.tsx, which main.tsx loads).

const publicPages: RouteObject[] = [
  { path: paths.login.path, lazy: lazyRoute(() => import('../features/auth/routes/login')) },
  { path: paths.authCallback.path, lazy: lazyRoute(() => import('../features/auth/routes/auth-callback')) },
  { path: paths.access.path, lazy: lazyRoute(() => import('../features/invitations/routes/access')) },
];

const analyticsPages = new Set<ProjectPage>([
  projectPages.overview,
  projectPages.dashboard,
  projectPages.playerInsights,
  projectPages.revenueOptimisation,
  projectPages.engagementRetention,
  projectPages.analytics,
  projectPages.funnels,
  projectPages.events,
  projectPages.levels,
  projectPages.economy,
]);
const analyticsPage = (page: ProjectPage) => ({ path: page.path, handle: { title: page.title } });

// Issue 20: ECharts (its own chunk, never in the entry) starts loading when a project page opens, so
// the first chart draws as soon as its figures arrive; once the browser is idle, so that evaluating it
// never holds up the calls for those figures. A failure here is the chart's own to report.
function preloadCharts() {
  const load = () => void import('../features/analytics/components/echarts-setup').catch(() => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, { timeout: 1_000 });
  else setTimeout(load, 0);
}

const signedInPages: RouteObject[] = [
  { path: paths.home.path, lazy: lazyRoute(() => import('../features/projects/routes/projects')) },
  { path: paths.organisation.path, lazy: lazyRoute(() => import('../features/organisations/routes/organisation')) },
  { path: paths.authValidation.path, lazy: lazyRoute(() => import('../features/auth/routes/auth-validation')) },
  { path: paths.createOrg.path, lazy: lazyRoute(() => import('../features/organisations/routes/create-organisation')) },
  { path: paths.completeProfile.path, lazy: lazyRoute(() => import('../features/accounts/routes/complete-profile')) },
  {
    path: paths.project.path,
    lazy: lazyRoute(() => {
      preloadCharts();
      return import('../features/projects/routes/project-layout');
    }),
    children: [
      { index: true, element: <Navigate to={projectPages.overview.path} replace /> },
      // Users is who has access, i.e. the organisation's members: the organisations feature owns it.
      {
        path: projectPages.users.path,
        handle: { title: projectPages.users.title },
        lazy: lazyRoute(() => import('../features/organisations/routes/project-users')),
      },
      // The analytics pages (issue 8): one route module each, in the analytics feature.
      { ...analyticsPage(projectPages.overview), lazy: lazyRoute(() => import('../features/analytics/routes/overview')) },
      { ...analyticsPage(projectPages.dashboard), lazy: lazyRoute(() => import('../features/analytics/routes/dashboard')) },
      {
        ...analyticsPage(projectPages.playerInsights),
        lazy: lazyRoute(() => import('../features/analytics/routes/player-insights')),
      },
      {
        ...analyticsPage(projectPages.revenueOptimisation),
        lazy: lazyRoute(() => import('../features/analytics/routes/revenue-optimisation')),
      },
      {
        ...analyticsPage(projectPages.engagementRetention),
        lazy: lazyRoute(() => import('../features/analytics/routes/engagement-retention')),
      },
      { ...analyticsPage(projectPages.analytics), lazy: lazyRoute(() => import('../features/analytics/routes/analytics')) },
      { ...analyticsPage(projectPages.events), lazy: lazyRoute(() => import('../features/analytics/routes/events')) },
      // Level progression and the economy (issue 17): the game-design feature's views in the analytics frame.
      { ...analyticsPage(projectPages.levels), lazy: lazyRoute(() => import('./routes/levels')) },
      { ...analyticsPage(projectPages.economy), lazy: lazyRoute(() => import('./routes/economy')) },
      // Funnels (issue 17): a feature of their own.
      { ...analyticsPage(projectPages.funnels), lazy: lazyRoute(() => import('../features/funnels/routes/funnels')) },
      // Live operations (issue 15): remote config, its versions and live events.
      {
        path: projectPages.liveOps.path,
        handle: { title: projectPages.liveOps.title },
        lazy: lazyRoute(() => import('../features/live-ops/routes/live-ops')),
      },
      // Experiments (issue 16): the experiments feature with the analytics chart, composed here.
      {
        path: projectPages.experiments.path,
        handle: { title: projectPages.experiments.title },
        lazy: lazyRoute(() => import('./routes/experiments')),
      },
      ...Object.values(projectPages)
        .filter((page) => page !== projectPages.users && page !== projectPages.liveOps && page !== projectPages.experiments && !analyticsPages.has(page))
        .map((page) => ({
          path: page.path,
          handle: { title: page.title },
          lazy: lazyRoute(() => import('./routes/project-page')),
        })),
    ],
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: PageLoader,
    children: [
      { Component: PublicLayout, children: publicPages },
      {
        Component: AuthGate,
        children: [
          {
            Component: AppShell,
            // A pathless boundary inside the shell: a failing page keeps the top bar (theme, account).
            children: [{ ErrorBoundary: PageErrorScreen, children: signedInPages }],
          },
        ],
      },
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

export function AppRouter() {
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
