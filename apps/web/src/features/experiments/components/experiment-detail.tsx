import { ArrowLeft, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime } from '@questboard/shared/dates';
import type { Experiment } from '@questboard/shared/experiments-api';

import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { isApiError } from '../../../lib/api-error';
import { useExperiment } from '../api/experiments-api';
import { variantLabel } from '../lib/experiment-actions';
import type { RenderChart } from './chart-slot';
import { ExperimentActions } from './experiment-actions';
import { ExperimentResultsView } from './experiment-results';
import { ExperimentSetup } from './experiment-setup';
import { StatusBadge } from './status-badge';

interface ExperimentDetailProps {
  projectId: string;
  experimentKey: string;
  canEdit: boolean;
  renderChart: RenderChart;
  onDeleted: () => void;
}

export function BackToList() {
  return (
    <Link to="?" className="inline-flex items-center gap-1 text-sm text-link underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All experiments
    </Link>
  );
}

/** One experiment: what it is, the actions its status allows, and for a running or stopped one, its results. */
export function ExperimentDetail({ projectId, experimentKey, canEdit, renderChart, onDeleted }: ExperimentDetailProps) {
  const experiment = useExperiment(projectId, experimentKey);
  if (experiment.isPending) return <ListSkeleton label="Loading the experiment" />;
  if (experiment.isError) {
    return (
      <div className="flex flex-col gap-4">
        <BackToList />
        {isApiError(experiment.error, 404) ? (
          <p className="text-sm">No experiment with the key &ldquo;{experimentKey}&rdquo; in this project.</p>
        ) : (
          <LoadError message="The experiment could not be loaded." onRetry={() => void experiment.refetch()} />
        )}
      </div>
    );
  }
  const data = experiment.data;
  return (
    <div className="flex flex-col gap-6">
      <BackToList />
      <Summary experiment={data} canEdit={canEdit} projectId={projectId} onDeleted={onDeleted} />
      {data.status !== 'draft' && <ExperimentResultsView projectId={projectId} experiment={data} renderChart={renderChart} />}
      <ExperimentSetup experiment={data} />
    </div>
  );
}

function dates(experiment: Experiment): string {
  if (experiment.status === 'draft') return `Draft by ${experiment.createdBy}, last changed ${formatDateTime(experiment.updatedAt)}`;
  const started = `Started ${formatDateTime(experiment.startedAt)}`;
  return experiment.stoppedAt ? `${started}, stopped ${formatDateTime(experiment.stoppedAt)}` : started;
}

function Summary({ experiment, canEdit, projectId, onDeleted }: { experiment: Experiment; canEdit: boolean; projectId: string; onDeleted: () => void }) {
  const shipped = experiment.variants.find((variant) => variant.key === experiment.shippedVariant);
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="min-w-0 text-xl font-semibold tracking-tight break-all">{experiment.key}</h2>
        <StatusBadge status={experiment.status} />
        {experiment.shippedVariant !== null && <Badge tone="success">Shipped {shipped ? variantLabel(shipped) : experiment.shippedVariant}</Badge>}
      </div>
      {experiment.hypothesis !== '' && <p className="text-pretty">{experiment.hypothesis}</p>}
      <p className="text-sm text-muted-foreground">{dates(experiment)}</p>
      {canEdit && (
        <div className="flex flex-wrap gap-2">
          {experiment.status === 'draft' && (
            <Link to={`?experiment=${encodeURIComponent(experiment.key)}&edit`} className={buttonClasses('outline', 'sm')}>
              <Pencil aria-hidden="true" className="size-4" />
              Edit draft
            </Link>
          )}
          <ExperimentActions projectId={projectId} experiment={experiment} onDeleted={onDeleted} />
        </div>
      )}
    </Card>
  );
}
