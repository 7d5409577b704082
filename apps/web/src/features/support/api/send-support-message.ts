import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@questboard/shared/api-paths';
import { type SupportMessageBody, supportMessageSentSchema } from '@questboard/shared/support';

import { apiClient } from '../../../lib/api-client';
import { API_LOG_LABELS, callApi } from '../../../lib/api-log';

/** POST /core/support: e-mails SUPPORT_EMAIL (409 SUPPORT_NOT_CONFIGURED without one, 429 past 5 an hour). */
export const sendSupportMessage = (body: SupportMessageBody) =>
  callApi(API_LOG_LABELS.supportMessage, () => apiClient.post(apiPaths.support.message.url(), supportMessageSentSchema, body));

export function useSendSupportMessage() {
  return useMutation({ mutationFn: sendSupportMessage });
}
