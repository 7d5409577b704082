import { apiErrorCodes } from '@questboard/shared/error-codes';
import { HttpError } from '../../http-error';
import { AnalyticsBusyError } from './analytics-gate';

const busyMessage = 'Analytics are busy right now. Please try again in a few seconds.';

/** Beyond the analytics queue (issue 20): 503 with Retry-After, in the body of every outage (ADR 012). */
export async function shed<T>(answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (!(error instanceof AnalyticsBusyError)) throw error;
    throw new HttpError(503, apiErrorCodes.unavailable, busyMessage, { 'retry-after': String(error.retryAfterSeconds) });
  }
}
