import { apiPaths } from '@questboard/shared/api-paths';
import { type ProjectPage, type ProjectSearchQuery, projectPageSchema } from '@questboard/shared/projects';

import { apiClient } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

const isNotFound = (error: unknown) => isApiError(error, 404);

/**
 * GET /core/projects/search: q matches name, description and identifier. docs/product/http-contract.md#core-calls: a 404 is the
 * answer "nothing found", an empty page, and is not logged (docs/product/rules-and-messages.md#errors).
 */
export async function searchProjects({ q, page, size, sort }: ProjectSearchQuery, signal?: AbortSignal): Promise<ProjectPage> {
  try {
    return await callApi(
      API_LOG_LABELS.searchProjects,
      () => apiClient.get(apiPaths.projects.search.url(), projectPageSchema, { query: { q, page, size, sort }, signal }),
      { ignore: isNotFound },
    );
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return { _embedded: { projects: [] }, page: { size, totalElements: 0, totalPages: 0, number: page } };
  }
}
