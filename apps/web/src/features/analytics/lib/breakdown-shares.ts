import type { BreakdownRow } from '@questboard/shared/analytics-answers';

/**
 * Whether a breakdown's shares of active users add up to more than 100%. They do when players
 * count under several values in the range: each user-day counts under the platform, country and
 * app version of that day's events, so a player who updated the game counts under every version
 * they played (ADR 010). The table then says why (issue 21).
 */
export function sharesExceedTotal(rows: readonly Pick<BreakdownRow, 'users'>[], activeUsers: number): boolean {
  return activeUsers > 0 && rows.reduce((sum, row) => sum + row.users, 0) > activeUsers;
}
