import { useMutation } from '@tanstack/react-query';
import { needsNameSetup } from '@questboard/shared/names';
import { apiPaths } from '@questboard/shared/api-paths';
import { organisationSchema } from '@questboard/shared/organisations';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../../lib/session/auth-context';

/** POST /core/orgs, logged as 'Organisation creation failed' and rethrown. */
export const createOrganisation = (name: string) =>
  callApi(API_LOG_LABELS.organisationCreation, () => apiClient.post(apiPaths.organisations.create.url(), organisationSchema, { name }));

/** Creates the organisation, has the session take it up (fresh token, account registered again), and says so. */
export function useCreateOrganisation() {
  const { organisationCreated } = useAuth();
  return useMutation({
    mutationFn: async (name: string) => {
      const account = await organisationCreated(await createOrganisation(name));
      const needsName = account !== null && needsNameSetup(account);
      notify.success(needsName ? 'Organisation created successfully! Please complete your profile.' : 'Organisation created successfully!');
    },
  });
}
