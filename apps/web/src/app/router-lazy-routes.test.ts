import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';

import type * as LazyRouteModule from '../lib/lazy-route';
import { routes } from './router';

// The loaders lazyRoute made (time-out, one reload after a deploy): the real lazyRoute, recorded.
const madeByLazyRoute = vi.hoisted(() => new WeakSet<object>());
vi.mock('../lib/lazy-route', async (importOriginal) => {
  const actual = await importOriginal<typeof LazyRouteModule>();
  return {
    ...actual,
    lazyRoute: <T>(load: () => Promise<T>) => {
      const loader = actual.lazyRoute(load);
      madeByLazyRoute.add(loader);
      return loader;
    },
  };
});

function lazyRoutes(table: RouteObject[]): RouteObject[] {
  return table.flatMap((route) => [...(route.lazy ? [route] : []), ...lazyRoutes(route.children ?? [])]);
}

describe('the route table', () => {
  it('loads every lazy route module through lazyRoute (time-out and reload after a deploy)', () => {
    const lazy = lazyRoutes(routes);
    // Every page of the table is lazy: the sign-in pages, the signed-in pages, the project pages.
    expect(lazy.length).toBeGreaterThan(15);
    const bare = lazy.filter((route) => !madeByLazyRoute.has(route.lazy as object)).map((route) => route.path ?? '(index)');
    expect(bare).toEqual([]);
  });
});
