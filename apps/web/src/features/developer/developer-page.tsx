import { canDeleteProjects } from '@questboard/shared/projects';
import type { Project } from '@questboard/shared/projects';
import { canManageProjectData } from '@questboard/shared/project-data';

import { projectPages } from '../../config/paths';
import { useAuth } from '../../lib/session/auth-context';
import { DemoDataSection } from './components/demo-data-section';
import { FirstEventSnippets } from './components/first-event-snippets';
import { IngestKeysSection } from './components/ingest-keys-section';
import { IngestionEndpoint } from './components/ingestion-endpoint';
import { LiveCheck } from './components/live-check';
import { RemoteConfigSnippets } from './components/remote-config-snippets';

/**
 * The project's developer page: where games send events, the keys they send them with, snippets for
 * a first event and for remote config, demo data for an empty project, and a live check that shows events arrive. The
 * live check comes last: its list grows as events arrive, and would push a demo load's progress
 * out of view if that sat below it (issue 21).
 */
export function DeveloperPage({ project }: { project: Project }) {
  const { organizationData } = useAuth();
  const role = organizationData?.role;
  // Games reach the server at the address this page came from.
  const origin = window.location.origin;
  return (
    <div className="mt-6 flex flex-col gap-6">
      <IngestionEndpoint origin={origin} />
      <IngestKeysSection projectId={project.id} canRevoke={role ? canDeleteProjects(role) : false} />
      <FirstEventSnippets projectId={project.id} origin={origin} />
      <RemoteConfigSnippets projectId={project.id} origin={origin} liveOpsHref={projectPages.liveOps.getHref(project.identifier)} />
      <DemoDataSection projectId={project.id} canRemove={role ? canManageProjectData(role) : false} />
      <LiveCheck projectId={project.id} />
    </div>
  );
}
