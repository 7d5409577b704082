import { apiPaths } from '@questboard/shared/api-paths';
import { type ProjectPageQuery, projectPageSchema } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

/** GET /core/projects/all: one page of the organisation's projects. */
export const getProjects = ({ page, size, sort }: ProjectPageQuery, signal?: AbortSignal) =>
  callApi(API_LOG_LABELS.listProjects, () =>
    apiClient.get(apiPaths.projects.all.url(), projectPageSchema, { query: { page, size, sort }, signal }),
  );
