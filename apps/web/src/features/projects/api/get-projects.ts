import type { ProjectPage, ProjectPageQuery } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

/** GET /core/projects/all: one page of the organisation's projects. */
export const getProjects = ({ page, size, sort }: ProjectPageQuery, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.listProjects, () =>
    apiClient.get<ProjectPage>('/core/projects/all', { query: { page, size, sort }, signal }),
  );
