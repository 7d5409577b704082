import { canSetQuota } from '@questboard/shared/billing';
import type { Project } from '@questboard/shared/projects';

import { LoadError } from '../../components/ui/load-error';
import { getErrorMessage } from '../../lib/api-error';
import { useAuth } from '../../lib/session/auth-context';
import { useUsage } from './api/get-usage';
import { DailyEventsChart } from './components/daily-events-chart';
import { NoPaymentStatement } from './components/no-payment-statement';
import { ProjectUsageTable } from './components/project-usage-table';
import { QuotaSection } from './components/quota-section';
import { UsageSkeleton } from './components/usage-skeleton';
import { UsageStats } from './components/usage-stats';

/**
 * The project's billing page. Questboard is self-hosted, so billing is usage: what this project and
 * the organisation receive and store, the organisation's monthly event quota, and 30 days of events.
 */
export function BillingPage({ project }: { project: Project }) {
  const { organizationData } = useAuth();
  const usage = useUsage(organizationData?.id ?? '');
  const data = usage.data;
  const projectUsage = data?.projects.find((candidate) => candidate.id === project.id);

  return (
    <div className="mt-6 flex flex-col gap-6">
      <NoPaymentStatement month={data?.monthStart} />
      {usage.isPending && <UsageSkeleton />}
      {usage.isError && (
        <LoadError
          message={getErrorMessage(usage.error, 'Failed to load usage')}
          onRetry={() => void usage.refetch()}
        />
      )}
      {data && (
        <>
          <QuotaSection
            organisationId={organizationData?.id ?? ''}
            usage={data}
            canEdit={organizationData ? canSetQuota(organizationData.role) : false}
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <UsageStats
              title="This project"
              subtitle={project.name}
              figures={
                projectUsage ?? {
                  eventsToday: 0,
                  eventsThisMonth: 0,
                  monthlyActivePlayers: 0,
                  storedEvents: 0,
                  storageBytes: 0,
                }
              }
            />
            <UsageStats
              title="Organisation"
              subtitle={`${organizationData?.name ?? 'All projects'}, all projects`}
              figures={data.organisation}
            />
          </div>
          <DailyEventsChart daily={data.daily} />
          <ProjectUsageTable projects={data.projects} organisation={data.organisation} currentProjectId={project.id} />
        </>
      )}
    </div>
  );
}
