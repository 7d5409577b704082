import { useOutletContext } from 'react-router';
import type { Project } from '@questboard/shared/projects';

// Here, not in the projects feature, so every feature's project page (analytics, billing...) can
// read the project without importing another feature (STYLE.md). The projects feature's layout
// provides it.

/** What the project layout hands its pages through <Outlet context>. */
export interface CurrentProject {
  /** undefined while it loads. */
  project: Project | undefined;
}

/** The project the area shows; undefined while it loads (or outside the project layout). */
export function useCurrentProject(): Project | undefined {
  return useOutletContext<CurrentProject | undefined>()?.project;
}
