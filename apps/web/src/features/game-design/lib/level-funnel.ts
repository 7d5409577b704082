import { LEVEL_EVENTS, LEVEL_FUNNEL_MAX_STEPS, levelOrder, type LevelRow } from '@questboard/shared/analytics-levels';

// "Funnel of levels 1 to N" (ADR 028): the funnels page's address with its steps filled, one
// level_complete step per level whose `level` equals 1, 2, ... N, and the same range and filters.
// The address is the funnels page's own (ADR 027): the steps as JSON in `steps`.

export interface LevelFunnelStep {
  event: string;
  filters: { property: string; operator: 'eq'; value: string }[];
}

/** Steps for levels 1 to n (2 ≤ n ≤ LEVEL_FUNNEL_MAX_STEPS). */
export function levelFunnelSteps(n: number): LevelFunnelStep[] {
  const count = Math.max(2, Math.min(LEVEL_FUNNEL_MAX_STEPS, Math.floor(n)));
  return Array.from({ length: count }, (_, index) => ({
    event: LEVEL_EVENTS.complete,
    filters: [{ property: 'level', operator: 'eq', value: String(index + 1) }],
  }));
}

/** The largest N the link offers: up to the highest numeric level seen, 2 to 10; null when the levels are not numbers from 1. */
export function levelFunnelMax(rows: readonly LevelRow[]): number | null {
  const { numeric } = levelOrder(rows.map((row) => row.level));
  if (!numeric || !rows.some((row) => Number(row.level) === 1) || !rows.some((row) => Number(row.level) === 2)) return null;
  const highest = Math.max(...rows.map((row) => Number(row.level)));
  return Math.max(2, Math.min(LEVEL_FUNNEL_MAX_STEPS, Math.floor(highest)));
}

/** The funnels page's query: the view's range and filters, then the steps. */
export function levelFunnelSearch(n: number, view: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const name of ['from', 'to', 'platform', 'country', 'app_version']) {
    const value = view[name];
    if (value !== undefined && value !== '') params.set(name, value);
  }
  params.set('steps', JSON.stringify(levelFunnelSteps(n)));
  return `?${params.toString()}`;
}
