import { projectPages } from '../../../config/paths';

type ProjectPagePath = (typeof projectPages)[keyof typeof projectPages]['path'];

/** The project page a pathname ends with (…/project/{id}/{page}), or overview. */
export function projectPagePath(pathname: string): ProjectPagePath {
  const last = pathname.split('/').filter(Boolean).at(-1) ?? '';
  return Object.values(projectPages).find((page) => page.path === last)?.path ?? projectPages.overview.path;
}
