import { useLocation, useNavigate } from 'react-router';
import type { Project } from '@questboard/shared/projects';

import { Select } from '../../../components/ui/select';
import { projectPages } from '../../../config/paths';
import { useAllProjects } from '../api/get-all-projects';
import { projectPagePath } from './project-page-info';

/** Moves to another of the organisation's projects, on the same page of the area. */
export function ProjectSwitcher({ organisationId, current }: { organisationId: string; current: Project }) {
  const all = useAllProjects(organisationId);
  const navigate = useNavigate();
  const { pathname } = useLocation();
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
      onChange={(event) => void navigate(`${projectPages.overview.getHref(event.target.value).replace(/overview$/u, '')}${page}`)}
    >
      {choices.map((project) => (
        <option key={project.id} value={project.identifier}>
          {project.name}
        </option>
      ))}
    </Select>
  );
}
