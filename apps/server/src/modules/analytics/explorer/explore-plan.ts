import { REVENUE_PROPERTY, seriesLetters, type Explore, type ExploreQuery } from '@questboard/shared/analytics-explore';
import type { ExcludedPurchases, ProjectMoney } from '@questboard/shared/money';
import type { StoreAnswer } from '../store-answer';
import { exploreBucketLabels } from './explore-buckets';
import type { EventSeries } from './explore-events-sql';
import { assembleExplore, type SeriesCells } from './explore-assembly';
import { bucketLower, bucketText, numberBreakdown, numberText } from './value-buckets';

// The explorer (ADR 010, ADR 026) over any store: how the breakdown groups events (an attribute, a
// property's text, its exact numbers or number buckets), which keys the series show, and the
// answer; each store measures the cells in its own SQL (duckdb-explorer.ts, clickhouse-explorer.ts).

/** What a breakdown groups events by. */
export type BreakdownKey =
  | { kind: 'none' }
  | { kind: 'attribute'; column: 'name' | 'platform' | 'country' | 'app_version' }
  /** Each number of the property is its own key. */
  | { kind: 'number'; property: string }
  /** Numbers v of the property in buckets: the key is floor(v / width). */
  | { kind: 'bucket'; property: string; width: number }
  /** The property's value as text (strings, booleans, or numbers mixed with other values). */
  | { kind: 'text'; property: string };

export interface ExplorePlan {
  by: BreakdownKey;
  /** 'measure': the largest by the measure; 'events': the most events (attributes, ADR 010); 'all': every key (numbers). */
  rank: 'measure' | 'events' | 'all';
  label: (raw: string | null) => string;
  /** The answer's key of a raw key: the value, or a number bucket's lower edge. */
  keyText: (raw: string | null) => string | null;
}

/** What the first series' values of a property are: how many numbers and other values, and the numbers' spread. */
export interface PropertyStats {
  numbers: number;
  others: number;
  min: number | null;
  max: number | null;
  distinct: number;
  integers: boolean;
}

export interface ExploreSource {
  propertyStats(query: ExploreQuery, series: EventSeries, key: string): Promise<PropertyStats>;
  /**
   * One series' cells by bucket and key. The shown keys are `keys` when given (the first series
   * chose them), else the store chooses them by the plan's rank.
   */
  cells(query: ExploreQuery, series: EventSeries, plan: ExplorePlan, money: ProjectMoney, keys: (string | null)[] | null): Promise<SeriesCells>;
  /** Purchases of the view (of one event name, or every one) in a currency without a rate. */
  excludedPurchases(query: ExploreQuery, money: ProjectMoney, event: string | null): Promise<ExcludedPurchases>;
}

const same = (raw: string | null) => raw;
const notSet = (raw: string | null, label: (raw: string) => string) => (raw === null ? '(not set)' : label(raw));

/** How the breakdown groups events: an attribute's column, or a property's text, exact numbers or number buckets. */
export async function explorePlan(source: ExploreSource, query: ExploreQuery, first: EventSeries): Promise<ExplorePlan> {
  if (query.breakdown === 'none') return { by: { kind: 'none' }, rank: 'events', label: () => '', keyText: same };
  if (query.breakdown !== 'property') return { by: { kind: 'attribute', column: query.breakdown }, rank: 'events', label: (raw) => notSet(raw, String), keyText: same };
  // The query's schema asks for the property with breakdown=property.
  if (query.breakdown_property === null) throw new Error('breakdown=property without breakdown_property');
  const property = query.breakdown_property;
  const stats = await source.propertyStats(query, first, property);
  if (stats.numbers > 0 && stats.others === 0 && stats.min !== null && stats.max !== null) {
    const numbers = numberBreakdown({ min: stats.min, max: stats.max, distinct: stats.distinct, integers: stats.integers });
    if (numbers.kind === 'exact') {
      return {
        by: { kind: 'number', property },
        rank: 'all',
        label: (raw) => notSet(raw, (k) => numberText(Number(k))),
        keyText: (raw) => (raw === null ? null : numberText(Number(raw))),
      };
    }
    const { width, integers } = numbers;
    return {
      by: { kind: 'bucket', property, width },
      rank: 'all',
      label: (raw) => notSet(raw, (k) => bucketText(bucketLower(Number(k), width), width, integers)),
      keyText: (raw) => (raw === null ? null : numberText(bucketLower(Number(raw), width))),
    };
  }
  // Text, booleans, or numbers mixed with other values: categories, as the values are written.
  return { by: { kind: 'text', property }, rank: 'measure', label: (raw) => notSet(raw, String), keyText: same };
}

/** The explorer's answer: each series (A, B, …) measured by bucket and broken down, then the formula over the series' cells. */
export async function explore(source: ExploreSource, query: ExploreQuery, money: ProjectMoney): Promise<StoreAnswer<Explore>> {
  const first: EventSeries = { event: query.event, measure: query.measure, property: query.property, filters: query.filters };
  const specs = [first, ...query.series];
  const plan = await explorePlan(source, query, first);
  const cells: SeriesCells[] = [];
  for (const spec of specs) {
    // The first series chooses the keys; the others show the same ones (a formula pairs them).
    // Not broken down, or by numbers (every key shown), there is nothing to choose.
    const chosen = cells[0];
    const keys = chosen === undefined || query.breakdown === 'none' || plan.rank === 'all' ? null : chosen.keys.map((shown) => shown.raw);
    cells.push(await source.cells(query, spec, plan, money, keys));
  }
  // Measuring revenue: in the reporting currency, with what was left out (ADR 011).
  const revenueSeries = specs.find((spec) => spec.property === REVENUE_PROPERTY && (spec.measure === 'sum' || spec.measure === 'average'));
  return {
    ...assembleExplore({
      query,
      buckets: exploreBucketLabels(query),
      letters: seriesLetters(query.series),
      specs,
      cells,
      labelOf: plan.label,
      keyText: plan.keyText,
    }),
    currency: revenueSeries ? money.currency : null,
    excludedPurchases: revenueSeries ? await source.excludedPurchases(query, money, revenueSeries.event) : [],
  };
}
