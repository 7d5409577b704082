// The experiments calls (issue 16, apiPaths.experiments), through the one HTTP client; every answer
// is checked against its shared schema. A change asks for the list and that experiment again.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noAnswerSchema } from '@questboard/shared/api-answer';
import { apiPaths } from '@questboard/shared/api-paths';
import {
  experimentListSchema,
  experimentResultsSchema,
  experimentSchema,
  type Experiment,
  type ExperimentInput,
} from '@questboard/shared/experiments-api';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

export const experimentKeys = {
  project: (projectId: string) => ['experiments', projectId] as const,
  list: (projectId: string) => [...experimentKeys.project(projectId), 'list'] as const,
  experiment: (projectId: string, key: string) => [...experimentKeys.project(projectId), 'experiment', key] as const,
  results: (projectId: string, key: string) => [...experimentKeys.project(projectId), 'results', key] as const,
};

/** Results are read from the event store as of the call; a minute keeps them fresh enough. */
const RESULTS_FRESH_MS = 60_000;

export function useExperimentList(projectId: string) {
  return useQuery({
    queryKey: experimentKeys.list(projectId),
    queryFn: ({ signal }) => callApi(API_LOG_LABELS.experiments, () => apiClient.get(apiPaths.experiments.list.url({ id: projectId }), experimentListSchema, { signal })),
  });
}

export function useExperiment(projectId: string, key: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: experimentKeys.experiment(projectId, key),
    queryFn: ({ signal }) =>
      callApi(API_LOG_LABELS.experiment, () => apiClient.get(apiPaths.experiments.experiment.url({ id: projectId, key }), experimentSchema, { signal })),
  });
}

/** Only for a running or stopped experiment: a draft has none. */
export function useExperimentResults(projectId: string, key: string, enabled: boolean) {
  return useQuery({
    queryKey: experimentKeys.results(projectId, key),
    queryFn: ({ signal }) =>
      callApi(API_LOG_LABELS.experimentResults, () => apiClient.get(apiPaths.experiments.results.url({ id: projectId, key }), experimentResultsSchema, { signal })),
    enabled,
    staleTime: RESULTS_FRESH_MS,
    placeholderData: keepPreviousData,
  });
}

function useExperimentMutation<Variables, Result>(projectId: string, run: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: experimentKeys.project(projectId) }),
  });
}

/** POST …/experiments for a new draft, PUT …/experiments/{key} to replace a draft (its key may not change). */
export function useSaveExperiment(projectId: string) {
  return useExperimentMutation(projectId, ({ body, existingKey }: { body: ExperimentInput; existingKey: string | null }) =>
    existingKey === null
      ? callApi(API_LOG_LABELS.experimentCreation, () => apiClient.post(apiPaths.experiments.list.url({ id: projectId }), experimentSchema, body))
      : callApi(API_LOG_LABELS.experimentUpdate, () => apiClient.put(apiPaths.experiments.experiment.url({ id: projectId, key: existingKey }), experimentSchema, body)),
  );
}

export function useDeleteExperiment(projectId: string) {
  return useExperimentMutation(projectId, (key: string) =>
    callApi(API_LOG_LABELS.experimentDeletion, () => apiClient.delete(apiPaths.experiments.experiment.url({ id: projectId, key }), noAnswerSchema)),
  );
}

/** POST …/start, …/stop or …/ship {variant}: each answers the experiment as it now is. */
export function useChangeExperimentStatus(projectId: string) {
  return useExperimentMutation(projectId, ({ key, change }: { key: string; change: { kind: 'start' } | { kind: 'stop' } | { kind: 'ship'; variant: string } }): Promise<Experiment> => {
    const params = { id: projectId, key };
    switch (change.kind) {
      case 'start':
        return callApi(API_LOG_LABELS.experimentStart, () => apiClient.post(apiPaths.experiments.start.url(params), experimentSchema));
      case 'stop':
        return callApi(API_LOG_LABELS.experimentStop, () => apiClient.post(apiPaths.experiments.stop.url(params), experimentSchema));
      case 'ship':
        return callApi(API_LOG_LABELS.experimentShip, () => apiClient.post(apiPaths.experiments.ship.url(params), experimentSchema, { variant: change.variant }));
    }
  });
}
