import { useOutletContext } from 'react-router';
import type { Project } from '@questboard/shared/projects';

/** What the project layout hands its pages through <Outlet context>. */
export interface CurrentProject {
  /** undefined while it loads. */
  project: Project | undefined;
}

/** The project the area shows; only inside the project layout. */
export function useCurrentProject(): Project | undefined {
  return useOutletContext<CurrentProject>().project;
}
