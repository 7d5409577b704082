import { useSearchParams } from 'react-router';
import type { Project } from '@questboard/shared/projects';

import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { useExperiment } from '../api/experiments-api';
import { usePublishedKeys } from '../api/published-keys';
import { emptyExperimentFields, experimentFieldsOf } from '../lib/experiment-form';
import type { RenderChart } from './chart-slot';
import { BackToList, ExperimentDetail } from './experiment-detail';
import { ExperimentForm } from './experiment-form';
import { ExperimentList } from './experiment-list';

interface ExperimentsPageProps {
  project: Project;
  /** Owners and admins create, start, stop and ship; members read. */
  canEdit: boolean;
  renderChart: RenderChart;
}

/**
 * The experiments page (issue 16). What it shows is in the address: the list; `?new`, the creation
 * form; `?experiment=KEY`, one experiment and its results; `&edit`, a draft in the form.
 */
export function ExperimentsPage({ project, canEdit, renderChart }: ExperimentsPageProps) {
  const [params, setParams] = useSearchParams();
  const key = params.get('experiment');
  const open = (next: Record<string, string>) => setParams(next);

  if (params.has('new') && canEdit) {
    return <FormLoader projectId={project.id} existingKey={null} onSaved={(saved) => open({ experiment: saved })} onCancel={() => open({})} />;
  }
  if (key !== null && params.has('edit') && canEdit) {
    return <FormLoader projectId={project.id} existingKey={key} onSaved={(saved) => open({ experiment: saved })} onCancel={() => open({ experiment: key })} />;
  }
  if (key !== null) return <ExperimentDetail projectId={project.id} experimentKey={key} canEdit={canEdit} renderChart={renderChart} onDeleted={() => open({})} />;
  return <ExperimentList projectId={project.id} canEdit={canEdit} />;
}

interface FormLoaderProps {
  projectId: string;
  existingKey: string | null;
  onSaved: (key: string) => void;
  onCancel: () => void;
}

/** The form once the published keys (and the draft being edited) have loaded. */
function FormLoader({ projectId, existingKey, onSaved, onCancel }: FormLoaderProps) {
  const published = usePublishedKeys(projectId);
  const draft = useExperiment(projectId, existingKey ?? '', existingKey !== null);
  const editing = existingKey !== null;
  if (published.isError) return <LoadError message="The published config could not be loaded." onRetry={() => void published.refetch()} />;
  if (editing && draft.isError) return <LoadError message="The experiment could not be loaded." onRetry={() => void draft.refetch()} />;
  if (published.isPending || (editing && draft.isPending)) return <ListSkeleton label="Loading the form" />;
  const keyTypes = new Map(published.data.keys.map((key) => [key.name, key.type]));
  const initial = editing && draft.data ? experimentFieldsOf(draft.data, keyTypes) : emptyExperimentFields();
  if (editing && draft.data && draft.data.status !== 'draft') {
    return (
      <div className="flex flex-col gap-4">
        <BackToList />
        <p className="text-sm">Only a draft can be changed: {existingKey} is {draft.data.status}.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <BackToList />
      <ExperimentForm projectId={projectId} initial={initial} existingKey={existingKey} liveKeys={published.data.keys} onSaved={(saved) => onSaved(saved.key)} onCancel={onCancel} />
    </div>
  );
}
