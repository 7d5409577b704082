// docs/product/rules-and-messages.md#errors: every product call logs its failure under a label and rethrows it.

/** The labels of docs/product/rules-and-messages.md#errors, one per product call, then those of the calls added since. */
export const API_LOG_LABELS = {
  accountRegistration: 'Account registration failed',
  nameUpdate: 'Name update failed',
  organisationInfo: 'Organisation info failed',
  organisationCreation: 'Organisation creation failed',
  listProjects: 'List projects failed',
  searchProjects: 'Search projects failed',
  getAllProjects: 'Get all projects failed',
  getProject: 'Get project failed',
  getProjectByIdentifier: 'Get project by identifier failed',
  projectCreation: 'Project creation failed',
  projectUpdate: 'Project update failed',
  projectDeletion: 'Project deletion failed',
  // The settings page's data section (issue 9): added since, same pattern as docs/product/rules-and-messages.md#errors.
  dataSettings: 'Data settings failed',
  dataSettingsUpdate: 'Data retention update failed',
  analyticsDeletion: 'Analytics data deletion failed',
  // The settings page's currency section (issue 21): added since, same pattern as docs/product/rules-and-messages.md#errors.
  currencySettings: 'Currency settings failed',
  reportingCurrencyUpdate: 'Reporting currency update failed',
  exchangeRateUpdate: 'Exchange rate update failed',
  exchangeRateRemoval: 'Exchange rate removal failed',
  // The developer page (ingestion keys, live check, demo data): added since, same pattern as docs/product/rules-and-messages.md#errors.
  listIngestKeys: 'List ingestion keys failed',
  ingestKeyCreation: 'Ingestion key creation failed',
  ingestKeyRevocation: 'Ingestion key revocation failed',
  latestEvents: 'Latest events failed',
  demoDataStatus: 'Demo data status failed',
  demoDataLoad: 'Demo data load failed',
  demoDataRemoval: 'Demo data removal failed',
  // The help page (issue 9): added since, same pattern as docs/product/rules-and-messages.md#errors.
  installationStatus: 'Installation status failed',
  supportMessage: 'Support message failed',
  // The billing page (issue 9): added since, same pattern as docs/product/rules-and-messages.md#errors.
  usage: 'Get usage failed',
  quotaUpdate: 'Quota update failed',
  // The analytics pages and the dashboard (issue 8): added since, same pattern as docs/product/rules-and-messages.md#errors.
  analyticsOverview: 'Analytics overview failed',
  analyticsPlayers: 'Player insights failed',
  analyticsPlayer: 'Player lookup failed',
  analyticsRevenue: 'Revenue analytics failed',
  analyticsRetention: 'Retention analytics failed',
  analyticsEngagement: 'Engagement analytics failed',
  analyticsExplore: 'Explorer query failed',
  eventCatalogue: 'Event catalogue failed',
  analyticsFilters: 'Filter options failed',
  analyticsLevels: 'Level progression failed',
  analyticsEconomy: 'Economy analytics failed',
  dashboard: 'Get dashboard failed',
  dashboardChartCreation: 'Chart pin failed',
  dashboardChartRemoval: 'Chart removal failed',
  dashboardOrder: 'Dashboard order update failed',
  // The live-ops page (issue 15): added since, same pattern as docs/product/rules-and-messages.md#errors.
  liveDraft: 'Live config draft failed',
  liveKeySave: 'Live config key save failed',
  liveKeyDeletion: 'Live config key deletion failed',
  liveEventSave: 'Live event save failed',
  liveEventDeletion: 'Live event deletion failed',
  livePublish: 'Live config publish failed',
  liveVersions: 'Live config versions failed',
  liveVersion: 'Live config version failed',
  liveDiff: 'Live config diff failed',
  liveRollback: 'Live config rollback failed',
  livePreview: 'Live config preview failed',
  // The funnels page (issue 17).
  funnel: 'Funnel failed',
  funnelPlayers: 'Funnel players failed',
  // The experiments page (issue 16).
  experiments: 'List experiments failed',
  experiment: 'Get experiment failed',
  experimentResults: 'Experiment results failed',
  experimentCreation: 'Experiment creation failed',
  experimentUpdate: 'Experiment update failed',
  experimentDeletion: 'Experiment deletion failed',
  experimentStart: 'Experiment start failed',
  experimentStop: 'Experiment stop failed',
  experimentShip: 'Experiment ship failed',
  experimentLiveKeys: 'Published config keys failed',
} as const;

export type ApiErrorLogger = (label: string, error: unknown) => void;

export interface CallApiOptions {
  /** Failures that are an expected answer, not logged (the project search's 404). */
  ignore?: (error: unknown) => boolean;
  /** console.error unless given. */
  log?: ApiErrorLogger;
}

// Looked up at call time, so a test's console spy sees it.
const logToConsole: ApiErrorLogger = (label, error) => {
  console.error(label, error);
};

/** An answer that did not have its schema's shape: the call and where it differs, for whoever reads the console. */
export function logMalformedAnswer(call: string, issues: string, log: ApiErrorLogger = logToConsole): void {
  log(`Malformed answer from ${call}`, issues);
}

/** A cancelled call (React Query cancels on unmount) did not fail: nothing to log. */
function isCancellation(error: unknown): boolean {
  // DOMException is not an Error subclass everywhere (jsdom), so read the name.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** Runs a product call; on failure logs `label` and the error, then rethrows the same error. */
export async function callApi<T>(label: string, run: () => Promise<T>, options: CallApiOptions = {}): Promise<T> {
  const { ignore, log = logToConsole } = options;
  try {
    return await run();
  } catch (error) {
    if (!isCancellation(error) && ignore?.(error) !== true) log(label, error);
    throw error;
  }
}
