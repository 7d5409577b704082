import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type CurrencySettings, currencySettingsSchema } from '@questboard/shared/money';
import { noAnswerSchema } from '@questboard/shared/api-answer';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

// The settings page's currency section (issue 21, ADR 011): the reporting currency and the rates,
// each "1 unit of the currency = rate units of the reporting currency".

export const projectCurrencyKeys = {
  settings: (projectId: string) => ['project-currency', projectId] as const,
};

/** GET /core/projects/{id}/currency */
export const getCurrencySettings = (projectId: string) =>
  callApi(API_LOG_LABELS.currencySettings, () => apiClient.get(apiPaths.projects.currency.url({ id: projectId }), currencySettingsSchema));

export const currencySettingsQueryOptions = (projectId: string) =>
  queryOptions({ queryKey: projectCurrencyKeys.settings(projectId), queryFn: () => getCurrencySettings(projectId) });

export function useCurrencySettings(projectId: string) {
  return useQuery(currencySettingsQueryOptions(projectId));
}

/** PUT /core/projects/{id}/currency: a different currency removes every rate. */
export const setReportingCurrency = (projectId: string, reportingCurrency: string) =>
  callApi(API_LOG_LABELS.reportingCurrencyUpdate, () => apiClient.put(apiPaths.projects.currency.url({ id: projectId }), currencySettingsSchema, { reportingCurrency }));

/** PUT /core/projects/{id}/currency/rates/{currency}: adds or changes the rate. */
export const setExchangeRate = (projectId: string, currency: string, rate: number) =>
  callApi(API_LOG_LABELS.exchangeRateUpdate, () =>
    apiClient.put(apiPaths.projects.exchangeRate.url({ id: projectId, currency }), currencySettingsSchema, { rate }),
  );

/** DELETE /core/projects/{id}/currency/rates/{currency} */
export const removeExchangeRate = (projectId: string, currency: string) =>
  callApi(API_LOG_LABELS.exchangeRateRemoval, () => apiClient.delete(apiPaths.projects.exchangeRate.url({ id: projectId, currency }), noAnswerSchema));

type CurrencyChange =
  | { kind: 'reporting'; currency: string }
  | { kind: 'rate'; currency: string; rate: number }
  | { kind: 'remove'; currency: string };

/** Every change of the section: the new settings are kept, and every revenue figure is asked again. */
export function useChangeCurrency(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: CurrencyChange): Promise<CurrencySettings> => {
      if (change.kind === 'reporting') return setReportingCurrency(projectId, change.currency);
      if (change.kind === 'rate') return setExchangeRate(projectId, change.currency, change.rate);
      await removeExchangeRate(projectId, change.currency);
      return getCurrencySettings(projectId);
    },
    onSuccess: async (settings) => {
      queryClient.setQueryData(projectCurrencyKeys.settings(projectId), settings);
      await queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'project-currency' && JSON.stringify(query.queryKey).includes(projectId),
      });
    },
  });
}
