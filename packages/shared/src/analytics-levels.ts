import { z } from 'zod';
import { analyticsQuerySchema } from './analytics-view';
import { day } from './analytics-answer-parts';

// Level progression (issue 17, ADR 028): per level, what players did with it in the range. The
// definitions below are the ones in docs/product/metrics.md#level-progression, in the same words.

/** The progression events (docs/product/metrics.md#game-events), each with `properties.level`. */
export const LEVEL_EVENTS = { start: 'level_start', complete: 'level_complete', fail: 'level_fail' } as const;

/** Churned there: no event of any kind on the last this-many UTC days of the range (its end included). */
export const CHURN_QUIET_DAYS = 7;
/** Levels answered at most, in level order; the rest are left out and `truncated` says so. */
export const LEVELS_MAX = 500;
/** The level funnel link: levels 1 to N, N from 2 to this (the funnels' step limit). */
export const LEVEL_FUNNEL_MAX_STEPS = 10;

/** The level page asks for the analytics view: range and filters (granularity is not used). */
export const levelsQuerySchema = analyticsQuerySchema;
export type LevelsQuery = z.output<typeof levelsQuerySchema>;

const count = z.number().int().nonnegative();

export const levelRowSchema = z.object({
  level: z.string().describe("the level as text: a number's JSON text ('12') or the string sent"),
  starts: count.describe('level_start events of the level in the range'),
  completes: count.describe('level_complete events of the level in the range'),
  fails: count.describe('level_fail events of the level in the range'),
  failRate: z.number().nullable().describe('Fail rate = fails / (completes + fails); null when neither happened'),
  attemptsPerCompletion: z.number().nullable().describe('Attempts per completion = starts / completes; null without a complete'),
  medianDurationS: z.number().nullable().describe("The median duration_s of the level's level_complete events that carry a number; null when none"),
  players: count.describe('Players who reached a level = distinct players with a level_start, level_complete or level_fail of it in the range.'),
  churned: count.describe(
    `Churned here: players whose last level seen in the range (the level of their latest progression event) is this one and who sent no event of any kind in the range's last ${CHURN_QUIET_DAYS} days.`,
  ),
});
export type LevelRow = z.infer<typeof levelRowSchema>;

export const levelsSchema = z
  .object({
    levels: z.array(levelRowSchema).describe('in level order: numerically when every level is a number, else as text'),
    numeric: z.boolean().describe('every level is a number, so they sort numerically'),
    truncated: z.boolean().describe(`more than ${LEVELS_MAX} levels: the first ${LEVELS_MAX} in level order are answered`),
    quietFrom: day.describe(`first day of the quiet window (the range's last ${CHURN_QUIET_DAYS} days) that decides churn`),
    withoutLevel: count.describe('progression events in the range without a level (string or number): not counted above'),
  })
  .meta({ id: 'AnalyticsLevels' });
export type Levels = z.infer<typeof levelsSchema>;

const decimalNumber = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A level reads as a number when its text is a finite decimal number ('12', '1.5', '-3'). */
export function isNumericLevel(level: string): boolean {
  return decimalNumber.test(level.trim()) && Number.isFinite(Number(level));
}

/** Level order: numerically when every level given is a number, else as text (code point order). */
export function levelOrder(levels: readonly string[]): { numeric: boolean; compare: (a: string, b: string) => number } {
  const numeric = levels.length > 0 && levels.every(isNumericLevel);
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { numeric, compare: numeric ? (a, b) => Number(a) - Number(b) || byText(a, b) : byText };
}

/** The levels in level order (a new array). */
export function sortLevels(levels: readonly string[]): string[] {
  const { compare } = levelOrder(levels);
  return [...levels].sort(compare);
}

/** The first of the quiet days that decide churn: the range's last CHURN_QUIET_DAYS days, `to` included. */
export function churnQuietFrom(to: string): string {
  return new Date(Date.parse(`${to}T00:00:00Z`) - (CHURN_QUIET_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
}
