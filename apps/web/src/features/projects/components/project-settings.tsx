import { canDeleteProjects } from '@questboard/shared/projects';
import type { Project } from '@questboard/shared/projects';

import { useAuth } from '../../../lib/session/auth-context';
import { canManageProjectData } from '@questboard/shared/project-data';
import { canManageCurrency } from '@questboard/shared/money';
import { DeleteProject } from './delete-project';
import { ProjectCurrencySettings } from './project-currency-settings';
import { ProjectDataSettings, ProjectDataSettingsNotice } from './project-data-settings';
import { ProjectDetailsForm } from './project-details-form';

/** The settings page: details (the identifier read-only), currency, and for owners and admins data retention, deleting events, deleting the project. */
export function ProjectSettings({ project }: { project: Project }) {
  const { organizationData } = useAuth();
  const organisationId = organizationData?.id ?? '';
  return (
    <div className="mt-6 flex flex-col gap-6">
      {/* A fresh form per project: switching project never keeps the previous one's edits. */}
      <ProjectDetailsForm key={project.id} organisationId={organisationId} project={project} />
      {/* Every member reads the currency settings (the revenue pages link here); owners and admins change them. */}
      {organizationData && <ProjectCurrencySettings key={`currency-${project.id}`} project={project} canManage={canManageCurrency(organizationData.role)} />}
      {organizationData && canManageProjectData(organizationData.role) && <ProjectDataSettings key={`data-${project.id}`} project={project} />}
      {organizationData && !canManageProjectData(organizationData.role) && <ProjectDataSettingsNotice />}
      {organizationData && canDeleteProjects(organizationData.role) && (
        <DeleteProject key={`delete-${project.id}`} organisationId={organisationId} project={project} />
      )}
    </div>
  );
}
