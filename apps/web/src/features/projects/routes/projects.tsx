import { FolderPlus, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { greetingFirstName } from '@questboard/shared/names';
import type { ProjectSort } from '@questboard/shared/projects';

import { ContentLayout } from '../../../components/layouts/content-layout';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { Select } from '../../../components/ui/select';
import { getErrorMessage } from '../../../lib/api-error';
import { useAuth } from '../../../lib/session/auth-context';
import { useProjectList } from '../api/get-project-list';
import { CreateProjectForm } from '../components/create-project-form';
import { ProjectCardList } from '../components/project-card-list';
import { readListParams, sortChoices, sortLabels, writeListParams } from '../components/project-list-params';
import { ProjectPager } from '../components/project-pager';
import { ProjectSearchBox } from '../components/project-search-box';
import { isFirstVisit } from '../../../utils/first-visit';

// `/`, the landing page: a greeting by first name (docs/product/rules-and-messages.md#entities) above the organisation's projects,
// searched, sorted and paged through the address (?q=&sort=&page=).
function ProjectsRoute() {
  const { accountData, organizationData, user } = useAuth();
  const firstName = greetingFirstName(accountData, user?.displayName ?? null);
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  // Read once: the router state goes with the next change of the address (search, sort, page).
  const [firstVisit] = useState(() => isFirstVisit(location.state));
  const params = readListParams(search);
  const [creating, setCreating] = useState(false);
  const organisationId = organizationData?.id ?? '';
  const list = useProjectList(organisationId, params);

  const go = useCallback(
    (change: Partial<{ q: string; sort: ProjectSort; page: number }>) =>
      setSearch((current) => writeListParams(current, { ...readListParams(current), page: 0, ...change })),
    [setSearch],
  );
  const onSearch = useCallback((q: string) => go({ q }), [go]);

  const page = list.data;
  const projects = page?._embedded.projects ?? [];
  const nothingYet = page?.page.totalElements === 0 && params.q === '';

  return (
    <ContentLayout title="Projects">
      <p className="mt-1 text-muted-foreground">
        {firstVisit ? 'Welcome' : 'Welcome back'}, <span className="font-medium text-foreground">{firstName}</span>
        {organizationData ? ` · ${organizationData.name}` : ''}
      </p>

      <div className="mt-6 flex flex-col gap-4">
        {creating ? (
          <Card className="p-5 sm:p-6">
            <h2 className="mb-4 text-base font-semibold tracking-tight">New project</h2>
            <CreateProjectForm organisationId={organisationId} onCancel={() => setCreating(false)} />
          </Card>
        ) : (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <ProjectSearchBox value={params.q} onSearch={onSearch} />
            <Select
              aria-label="Sort projects"
              value={params.sort}
              onChange={(event) => go({ sort: event.target.value as ProjectSort })}
              className="sm:w-56"
            >
              {sortChoices.map((sort) => (
                <option key={sort} value={sort}>
                  {sortLabels[sort]}
                </option>
              ))}
            </Select>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              New project
            </Button>
          </div>
        )}

        {list.isPending && <ListSkeleton label="Loading projects..." />}
        {list.isError && (
          <LoadError message={getErrorMessage(list.error, 'Failed to load projects')} onRetry={() => void list.refetch()} />
        )}
        {nothingYet && !creating && (
          <Card className="flex flex-col items-center gap-3 p-8 text-center">
            <FolderPlus aria-hidden="true" className="size-8 text-muted-foreground" />
            <h2 className="text-lg font-semibold tracking-tight">Create your first project</h2>
            <p className="max-w-md text-sm text-pretty text-muted-foreground">
              A project holds one game&apos;s players, events and revenue. Create one to start exploring its analytics.
            </p>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              New project
            </Button>
          </Card>
        )}
        {page && !nothingYet && projects.length === 0 && (
          <p role="status" className="py-6 text-center text-muted-foreground">
            {params.q === '' ? 'No projects on this page.' : `No projects match "${params.q}".`}
          </p>
        )}
        {projects.length > 0 && <ProjectCardList projects={projects} />}
        {page && <ProjectPager page={params.page} totalPages={page.page.totalPages} onPage={(next) => go({ page: next })} />}
      </div>
    </ContentLayout>
  );
}

export { ProjectsRoute as Component };
