import { describe, expect, it, vi } from 'vitest';

import { ApiError } from './api-error';
import { API_LOG_LABELS, type ApiErrorLogger, callApi } from './api-log';

describe('API_LOG_LABELS', () => {
  it('are the labels of docs/product/rules-and-messages.md#errors and those of the pages added since', () => {
    expect(Object.values(API_LOG_LABELS).sort()).toEqual(
      [
        'Account registration failed',
        'Name update failed',
        'Organisation info failed',
        'Organisation creation failed',
        'List projects failed',
        'Search projects failed',
        'Get all projects failed',
        'Get project failed',
        'Get project by identifier failed',
        'Project creation failed',
        'Project update failed',
        'Project deletion failed',
        'Data settings failed',
        'Data retention update failed',
        'Analytics data deletion failed',
        'Currency settings failed',
        'Reporting currency update failed',
        'Exchange rate update failed',
        'Exchange rate removal failed',
        'List ingestion keys failed',
        'Ingestion key creation failed',
        'Ingestion key revocation failed',
        'Latest events failed',
        'Demo data status failed',
        'Demo data load failed',
        'Demo data removal failed',
        'Installation status failed',
        'Support message failed',
        'Get usage failed',
        'Quota update failed',
        'Analytics overview failed',
        'Player insights failed',
        'Player lookup failed',
        'Revenue analytics failed',
        'Retention analytics failed',
        'Engagement analytics failed',
        'Explorer query failed',
        'Event catalogue failed',
        'Filter options failed',
        'Get dashboard failed',
        'Chart pin failed',
        'Chart removal failed',
        'Dashboard order update failed',
        'Live config draft failed',
        'Live config key save failed',
        'Live config key deletion failed',
        'Live event save failed',
        'Live event deletion failed',
        'Live config publish failed',
        'Live config versions failed',
        'Live config version failed',
        'Live config diff failed',
        'Live config rollback failed',
        'Live config preview failed',
        'Funnel failed',
        'Funnel players failed',
        'Level progression failed',
        'Economy analytics failed',
        'List experiments failed',
        'Get experiment failed',
        'Experiment results failed',
        'Experiment creation failed',
        'Experiment update failed',
        'Experiment deletion failed',
        'Experiment start failed',
        'Experiment stop failed',
        'Experiment ship failed',
        'Published config keys failed',
      ].sort(),
    );
  });
});

describe('callApi', () => {
  it('returns the answer and logs nothing on success', async () => {
    const log = vi.fn<ApiErrorLogger>();
    await expect(callApi(API_LOG_LABELS.getProject, () => Promise.resolve({ id: 'p1' }), { log })).resolves.toEqual({
      id: 'p1',
    });
    expect(log).not.toHaveBeenCalled();
  });

  it('logs the label and the error, then rethrows the same error', async () => {
    const log = vi.fn<ApiErrorLogger>();
    const error = new ApiError('Server down', { status: 503 });
    const call = callApi(API_LOG_LABELS.organisationInfo, () => Promise.reject(error), { log });
    await expect(call).rejects.toBe(error);
    expect(log).toHaveBeenCalledExactlyOnceWith('Organisation info failed', error);
  });

  it('logs to console.error by default', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('Boom');
    await expect(callApi(API_LOG_LABELS.projectDeletion, () => Promise.reject(error))).rejects.toBe(error);
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('Project deletion failed', error);
  });

  it('does not log an ignored failure (the project search 404) but still rethrows it', async () => {
    const log = vi.fn<ApiErrorLogger>();
    const notFound = new ApiError('Not found', { status: 404 });
    const ignore = (error: unknown) => error instanceof ApiError && error.status === 404;
    await expect(callApi(API_LOG_LABELS.searchProjects, () => Promise.reject(notFound), { log, ignore })).rejects.toBe(
      notFound,
    );
    expect(log).not.toHaveBeenCalled();

    const serverError = new ApiError('Server down', { status: 500 });
    await expect(
      callApi(API_LOG_LABELS.searchProjects, () => Promise.reject(serverError), { log, ignore }),
    ).rejects.toBe(serverError);
    expect(log).toHaveBeenCalledExactlyOnceWith('Search projects failed', serverError);
  });

  it('does not log a cancelled call', async () => {
    const log = vi.fn<ApiErrorLogger>();
    const aborted = new DOMException('This operation was aborted', 'AbortError');
    await expect(callApi(API_LOG_LABELS.listProjects, () => Promise.reject(aborted), { log })).rejects.toBe(aborted);
    expect(log).not.toHaveBeenCalled();
  });
});
