import { render } from '@testing-library/react';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Outlet, RouterProvider, createMemoryRouter, useLocation } from 'react-router';
import type { Project } from '@questboard/shared/projects';

import { createQueryClient } from '../../../lib/query-client';
import { Toaster } from '../../../components/ui/toaster';
import type { CurrentProject } from '../../../lib/current-project';
import { TestAuthProvider } from '../../../testing/test-auth-provider';
import { dragonQuest } from './analytics-api-stand-in';

function ElsewherePage() {
  const location = useLocation();
  return (
    <p>
      Elsewhere: {location.pathname}
      {location.search}
    </p>
  );
}

/**
 * Renders an analytics route module inside the project area the way the router mounts it: the
 * project layout's <Outlet context> hands it the project (null: still loading). `search` is
 * the page's query string ('?range=last-7&platform=ios'). Read the URL from router.state.location.
 */
export function renderAnalyticsPage(
  Page: ComponentType,
  {
    page,
    search = '',
    project = dragonQuest,
    queryClient = createQueryClient(),
  }: { page: string; search?: string; project?: Project | null; queryClient?: QueryClient },
) {
  const context: CurrentProject = { project: project ?? undefined };
  const Layout = () => <Outlet context={context} />;
  const router = createMemoryRouter(
    [
      { path: '/project/:projectSlug', Component: Layout, children: [{ path: page, Component: Page }] },
      { path: '*', Component: ElsewherePage },
    ],
    { initialEntries: [`/project/${project?.identifier ?? 'dragon-quest-mobile'}/${page}${search}`] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <TestAuthProvider>
        <RouterProvider router={router} />
        <Toaster colorScheme="light" />
      </TestAuthProvider>
    </QueryClientProvider>,
  );
  return { router, ...view };
}

/** The current URL's query as an object (what the view wrote). */
export const searchOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
