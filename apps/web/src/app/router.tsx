import { useState } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { PageLoader } from '../components/ui/page-loader';
import { paths, projectPages } from '../config/paths';
import { RequireSignIn } from '../features/auth/components/require-sign-in';
import { PublicLayout } from './routes/public-layout';
import { RootLayout } from './routes/root-layout';
import { RouteErrorScreen } from './routes/route-error-screen';

// The route table of SPEC.md section 2. Every page is a lazy route module (its own chunk, see
// scripts/size-report.mjs); layouts and the sign-in guard stay in the entry chunk.
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: PageLoader,
    children: [
      {
        Component: PublicLayout,
        children: [
          { path: paths.login.path, lazy: () => import('../features/auth/routes/login') },
          { path: paths.authCallback.path, lazy: () => import('../features/auth/routes/auth-callback') },
          { path: paths.access.path, lazy: () => import('../features/invitations/routes/access') },
        ],
      },
      {
        Component: RequireSignIn,
        children: [
          { path: paths.home.path, lazy: () => import('../features/projects/routes/projects') },
          { path: paths.organisation.path, lazy: () => import('../features/organisations/routes/organisation') },
          { path: paths.authValidation.path, lazy: () => import('../features/onboarding/routes/auth-validation') },
          { path: paths.createOrg.path, lazy: () => import('../features/organisations/routes/create-organisation') },
          { path: paths.completeProfile.path, lazy: () => import('../features/account/routes/complete-profile') },
          {
            path: paths.project.path,
            lazy: () => import('../features/projects/routes/project-layout'),
            children: [
              { index: true, element: <Navigate to={projectPages.overview.path} replace /> },
              ...Object.values(projectPages).map((page) => ({
                path: page.path,
                handle: { title: page.title },
                lazy: () => import('../features/projects/routes/project-page'),
              })),
            ],
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
