// The server's list of problems (400 LIVE_CONFIG_INVALID: a refused publish, edit or ship), as lines to show.
import { isApiError } from '../api-error';

export function problemsOf(error: unknown): string[] {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return [];
  const issues = (error.data as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues.flatMap((issue: unknown) => {
    const message = typeof issue === 'object' && issue !== null ? (issue as { message?: unknown }).message : undefined;
    return typeof message === 'string' ? [message] : [];
  });
}
