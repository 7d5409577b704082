import { useState } from 'react';
import type { Experiment } from '@questboard/shared/experiments-api';

import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { getErrorMessage } from '../../../lib/api-error';
import { problemsOf } from '../../../lib/live-config/problems';
import { notify } from '../../../lib/notify';
import { useChangeExperimentStatus, useDeleteExperiment, useExperimentResults } from '../api/experiments-api';
import { actionLabel, actionsFor, actionWords, type ExperimentAction } from '../lib/experiment-actions';

interface ExperimentActionsProps {
  projectId: string;
  experiment: Experiment;
  /** After a draft's deletion: back to the list. */
  onDeleted: () => void;
}

/** Start / Stop / Ship variant / Delete as the status allows, each confirmed in words that say what happens. */
export function ExperimentActions({ projectId, experiment, onDeleted }: ExperimentActionsProps) {
  const [asking, setAsking] = useState<ExperimentAction | null>(null);
  const change = useChangeExperimentStatus(projectId);
  const remove = useDeleteExperiment(projectId);
  // The results page already asked for them: the cached answer says whether the split check failed.
  const mismatch = useExperimentResults(projectId, experiment.key, experiment.status !== 'draft').data?.sampleRatio.mismatch ?? false;
  const actions = actionsFor(experiment);
  if (actions.length === 0) return null;
  const words = asking && actionWords(experiment, asking, mismatch);

  const run = async (action: ExperimentAction) => {
    try {
      if (action.kind === 'delete') await remove.mutateAsync(experiment.key);
      else await change.mutateAsync({ key: experiment.key, change: action });
    } catch (error) {
      // A ship that publishing refuses lists each problem of the config (as the live-ops page shows them).
      const problems = problemsOf(error);
      throw problems.length > 0 ? new Error([getErrorMessage(error), ...problems].join(' ')) : error;
    }
    notify.success(actionWords(experiment, action).done);
    if (action.kind === 'delete') onDeleted();
  };

  // The buttons sit in the caller's row, beside its Edit draft.
  return (
    <>
      {actions.map((action) => (
        <Button
          key={action.kind === 'ship' ? `ship-${action.variant}` : action.kind}
          size="sm"
          variant={action.kind === 'stop' || action.kind === 'delete' ? 'danger-outline' : action.kind === 'start' ? 'primary' : 'outline'}
          onClick={() => setAsking(action)}
        >
          {actionLabel(experiment, action)}
        </Button>
      ))}
      {asking && words && (
        <ConfirmDialog
          title={words.title}
          description={words.description}
          confirmLabel={words.confirmLabel}
          destructive={words.destructive}
          onConfirm={() => run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
