import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { livePreviewSchema, type LivePreviewBody } from '@questboard/shared/live-api';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

/** POST …/live/preview: the exact values one player gets, evaluated by the server as delivery does. */
export function usePreviewLiveConfig(projectId: string) {
  return useMutation({
    mutationFn: (body: LivePreviewBody) =>
      callApi(API_LOG_LABELS.livePreview, () => apiClient.post(apiPaths.live.preview.url({ id: projectId }), livePreviewSchema, body)),
  });
}
