import { canDeleteProjects } from '@questboard/shared/projects';
import type { Project } from '@questboard/shared/projects';

import { useAuth } from '../../auth/auth-context';
import { DeleteProject } from './delete-project';
import { ProjectDetailsForm } from './project-details-form';

/** The settings page: the project's details, and deleting it for owners and admins. */
export function ProjectSettings({ project }: { project: Project }) {
  const { organizationData } = useAuth();
  const organisationId = organizationData?.id ?? '';
  return (
    <div className="mt-6 flex flex-col gap-6">
      {/* A fresh form per project: switching project never keeps the previous one's edits. */}
      <ProjectDetailsForm key={project.id} organisationId={organisationId} project={project} />
      {organizationData && canDeleteProjects(organizationData.role) && (
        <DeleteProject key={`delete-${project.id}`} organisationId={organisationId} project={project} />
      )}
    </div>
  );
}
