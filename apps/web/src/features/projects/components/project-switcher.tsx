import { useLocation, useNavigate } from 'react-router';
import type { Project } from '@questboard/shared/projects';

import { Select } from '../../../components/ui/select';
import { projectPages } from '../../../config/paths';
import { periodSearch } from '../../../lib/view-period';
import { useAllProjects } from '../api/get-all-projects';
import { projectPagePath } from './project-page-info';

/** Moves to another of the organisation's projects, on the same page of the area and the same period. */
export function ProjectSwitcher({ organisationId, current }: { organisationId: string; current: Project }) {
  const all = useAllProjects(organisationId);
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const projects = all.data ?? [];
  // Past the first 100 (the load-all helper's page), the current one is still offered.
  const choices = projects.some((project) => project.id === current.id) ? projects : [current, ...projects];
  const page = projectPagePath(pathname);

  return (
    <Select
      size="sm"
      aria-label="Switch project"
      value={current.identifier}
      className="w-full"
      onChange={(event) =>
        // The same page, over the same period (date range and granularity) as the one left.
        void navigate(`${projectPages.overview.getHref(event.target.value).replace(/overview$/u, '')}${page}${periodSearch(search)}`)
      }
    >
      {choices.map((project) => (
        <option key={project.id} value={project.identifier}>
          {project.name}
        </option>
      ))}
    </Select>
  );
}
