// The nine cards of the overview (docs/decisions/010 "Overview cards"), in the order shown: what
// each is called, how its figure is written and which definition explains it.
import type { OverviewMetricKey } from '@questboard/shared/analytics-answers';
import type { MetricKey } from '@questboard/shared/metric-definitions';

import { formatCount, formatDuration, formatMoney, formatPercent } from './format';

export interface OverviewCardSpec {
  key: OverviewMetricKey;
  label: string;
  /** The writer of the figure, given the overview's currency. */
  format: (currency: string | null) => (value: number | null) => string;
  changeMode: 'relative' | 'points';
  definition: MetricKey;
  detail?: string;
}

const count = () => (value: number | null) => formatCount(value);
const money = (currency: string | null) => (value: number | null) => formatMoney(value, currency);
const percent = () => (value: number | null) => formatPercent(value);

export const overviewCardSpecs: readonly OverviewCardSpec[] = [
  { key: 'dau', label: 'DAU', format: count, changeMode: 'relative', definition: 'dau', detail: 'average per day' },
  { key: 'new-users', label: 'New users', format: count, changeMode: 'relative', definition: 'new-users' },
  { key: 'mau', label: 'MAU', format: count, changeMode: 'relative', definition: 'wau-mau', detail: 'on the last day' },
  { key: 'sessions', label: 'Sessions', format: count, changeMode: 'relative', definition: 'session' },
  { key: 'session-length', label: 'Avg. session length', format: () => formatDuration, changeMode: 'relative', definition: 'session-length' },
  { key: 'revenue', label: 'Revenue', format: money, changeMode: 'relative', definition: 'revenue' },
  { key: 'arpdau', label: 'ARPDAU', format: money, changeMode: 'relative', definition: 'arpdau' },
  { key: 'd1-retention', label: 'D1 retention', format: percent, changeMode: 'points', definition: 'classic-retention', detail: 'classic' },
  { key: 'd7-retention', label: 'D7 retention', format: percent, changeMode: 'points', definition: 'classic-retention', detail: 'classic' },
];
