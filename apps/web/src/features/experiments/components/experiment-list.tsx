import { FlaskConical, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { formatDate } from '@questboard/shared/dates';
import type { ExperimentList as List } from '@questboard/shared/experiments-api';

import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';
import { useExperimentList } from '../api/experiments-api';
import { formatPlayers } from '../lib/result-format';
import { StatusBadge } from './status-badge';

/** What an experiment is, in one sentence: the empty list's explanation. */
export const EXPERIMENT_SENTENCE =
  'An experiment gives randomly chosen players different config values and measures which variant does better on a metric you choose, with results you can read every day.';

const NEW_HREF = '?new';

function NewExperimentLink() {
  return (
    <Link to={NEW_HREF} className={buttonClasses('primary', 'sm')}>
      <Plus aria-hidden="true" className="size-4" />
      New experiment
    </Link>
  );
}

/** Drafts, running and stopped experiments, the newest change first (the server's order). */
export function ExperimentList({ projectId, canEdit }: { projectId: string; canEdit: boolean }) {
  const list = useExperimentList(projectId);
  return (
    <SectionCard title="Experiments" description="Drafts, running and stopped experiments of this project." actions={canEdit && (list.data?.experiments.length ?? 0) > 0 ? <NewExperimentLink /> : undefined}>
      {list.isPending ? (
        <ListSkeleton label="Loading experiments" />
      ) : list.isError ? (
        <LoadError message="The experiments could not be loaded." onRetry={() => void list.refetch()} />
      ) : list.data.experiments.length === 0 ? (
        <EmptyList canEdit={canEdit} />
      ) : (
        <ExperimentTable experiments={list.data.experiments} />
      )}
    </SectionCard>
  );
}

function EmptyList({ canEdit }: { canEdit: boolean }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl border border-dashed p-5">
      <FlaskConical aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="max-w-prose text-sm text-pretty">{EXPERIMENT_SENTENCE}</p>
      {canEdit ? <NewExperimentLink /> : <p className="text-sm text-muted-foreground">Owners and admins create experiments.</p>}
    </div>
  );
}

function ExperimentTable({ experiments }: { experiments: List['experiments'] }) {
  return (
    <ScrollTable label="Experiments">
      <table className={tableClasses.table}>
        <thead className={tableClasses.head}>
          <tr>
            <th scope="col" className={tableClasses.th}>
              Experiment
            </th>
            <th scope="col" className={tableClasses.th}>
              Status
            </th>
            <th scope="col" className={tableClasses.thNumber}>
              Exposed players
            </th>
            <th scope="col" className={tableClasses.th}>
              Started
            </th>
            <th scope="col" className={tableClasses.th}>
              Stopped
            </th>
          </tr>
        </thead>
        <tbody className={tableClasses.body}>
          {experiments.map((experiment) => (
            <tr key={experiment.key}>
              <th scope="row" className="max-w-40 px-3 py-2 text-left font-normal sm:max-w-72">
                <Link to={`?experiment=${encodeURIComponent(experiment.key)}`} className="font-medium break-all text-link underline-offset-4 hover:underline">
                  {experiment.key}
                </Link>
                {experiment.hypothesis !== '' && <p className="truncate text-xs text-muted-foreground" title={experiment.hypothesis}>{experiment.hypothesis}</p>}
              </th>
              <td className={tableClasses.td}>
                <span className="flex items-center gap-1.5">
                  <StatusBadge status={experiment.status} />
                  {experiment.shippedVariantName !== null && <Badge tone="success">Shipped {experiment.shippedVariantName}</Badge>}
                </span>
              </td>
              <td className={tableClasses.tdNumber}>{experiment.status === 'draft' ? '—' : formatPlayers(experiment.exposedPlayers)}</td>
              <td className={tableClasses.td}>{experiment.startedAt ? formatDate(experiment.startedAt) : '—'}</td>
              <td className={tableClasses.td}>{experiment.stoppedAt ? formatDate(experiment.stoppedAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
