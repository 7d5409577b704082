// The funnel the page shows lives in its address (docs/product/routes-and-screens.md): the steps as
// JSON in `steps`, the window in minutes, the order, the breakdown, and the view's range and filters
// under the names every analytics page uses, so a funnel survives a reload and can be shared. These
// pure helpers read and write it with the shared schemas' rules; a part the server would refuse is
// left at its default instead.
import {
  FUNNEL_DEFAULT_WINDOW_MINUTES,
  funnelBreakdowns,
  funnelOrders,
  funnelQuerySchema,
  funnelStepsSchema,
  FUNNEL_MAX_WINDOW_MINUTES,
  type FunnelBreakdown,
  type FunnelOrder,
  type FunnelStepInput,
} from '@questboard/shared/analytics-funnels';
import {
  filterDimensions,
  granularities,
  isoDate,
  type FilterDimension,
  type Granularity,
} from '@questboard/shared/analytics-view';

export interface FunnelAddress {
  from: string;
  to: string;
  granularity: Granularity;
  filters: Record<FilterDimension, string>;
  steps: FunnelStepInput[];
  window: number;
  order: FunnelOrder;
  breakdown: FunnelBreakdown;
  breakdownProperty: string;
}

const DAY_MS = 86_400_000;
export const DEFAULT_RANGE_DAYS = 30;

/** The tutorial a new page starts with: the demo's steps, so demo data shows a funnel at once. */
export const starterSteps: FunnelStepInput[] = [{ event: 'install' }, { event: 'tutorial_complete' }];

const pick = <T extends string>(options: readonly T[], value: string | null, fallback: T): T =>
  options.find((option) => option === value) ?? fallback;

/** The funnel in a query string, every part valid (the defaults where the address has none or a wrong one). */
export function readFunnelAddress(params: URLSearchParams, today: string): FunnelAddress {
  const fallbackFrom = isoDate(new Date(Date.parse(`${today}T00:00:00Z`) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS));
  const view = funnelQuerySchema.safeParse({
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    steps: JSON.stringify(starterSteps),
  });
  const { from, to } = view.success ? view.data : { from: fallbackFrom, to: today };
  let steps = starterSteps;
  try {
    const parsed = funnelStepsSchema.safeParse(JSON.parse(params.get('steps') ?? 'null'));
    if (parsed.success) steps = parsed.data;
  } catch {
    // Not JSON: the starter steps.
  }
  const window = Number(params.get('window'));
  const filters = Object.fromEntries(
    filterDimensions.map((dimension) => [dimension, params.get(dimension) ?? '']),
  ) as Record<FilterDimension, string>;
  return {
    from,
    to,
    granularity: pick(granularities, params.get('granularity'), 'day'),
    filters,
    steps,
    window:
      Number.isInteger(window) && window >= 1 && window <= FUNNEL_MAX_WINDOW_MINUTES
        ? window
        : FUNNEL_DEFAULT_WINDOW_MINUTES,
    order: pick(funnelOrders, params.get('order'), 'strict'),
    breakdown: pick(funnelBreakdowns, params.get('breakdown'), 'none'),
    breakdownProperty: params.get('breakdownProperty') ?? '',
  };
}

/** The address of a funnel: what readFunnelAddress reads back unchanged. */
export function writeFunnelAddress(address: FunnelAddress): URLSearchParams {
  const params = new URLSearchParams();
  params.set('from', address.from);
  params.set('to', address.to);
  if (address.granularity !== 'day') params.set('granularity', address.granularity);
  for (const dimension of filterDimensions)
    if (address.filters[dimension] !== '') params.set(dimension, address.filters[dimension]);
  params.set('steps', JSON.stringify(address.steps));
  params.set('window', String(address.window));
  if (address.order !== 'strict') params.set('order', address.order);
  if (address.breakdown !== 'none') params.set('breakdown', address.breakdown);
  if (address.breakdown === 'property' && address.breakdownProperty !== '')
    params.set('breakdownProperty', address.breakdownProperty);
  return params;
}

/** The funnel call's query: the address without what the server takes by default. */
export function funnelCallParams(address: FunnelAddress): Record<string, string> {
  const params = writeFunnelAddress(address);
  if (address.breakdown === 'property' && address.breakdownProperty === '') params.delete('breakdown');
  return Object.fromEntries(params);
}

export const windowUnits = [
  { key: 'minutes', label: 'minutes', minutes: 1 },
  { key: 'hours', label: 'hours', minutes: 60 },
  { key: 'days', label: 'days', minutes: 1440 },
] as const;
export type WindowUnit = (typeof windowUnits)[number]['key'];

/** The window in the largest unit that divides it: 1440 → 1 day, 90 → 90 minutes. */
export function windowParts(minutes: number): { amount: number; unit: WindowUnit } {
  const unit = [...windowUnits].reverse().find((candidate) => minutes % candidate.minutes === 0) ?? windowUnits[0];
  return { amount: minutes / unit.minutes, unit: unit.key };
}

export function windowMinutes(amount: number, unit: WindowUnit): number {
  return amount * (windowUnits.find((candidate) => candidate.key === unit)?.minutes ?? 1);
}

/** "1 day", "90 minutes". */
export function windowLabel(minutes: number): string {
  const { amount, unit } = windowParts(minutes);
  return `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;
}
