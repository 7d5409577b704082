// DESIGN.md "Analytics": the metric definitions, word for word, as data so the help page and the
// analytics pages show the same text. All days are UTC calendar days.

export interface MetricDefinition {
  /** Stable key for code (analytics pages look a definition up by it). */
  key: string;
  name: string;
  definition: string;
}

export const METRIC_DAYS_NOTE = 'All metrics count UTC calendar days.';

export const metricDefinitions = [
  { key: 'dau', name: 'DAU', definition: 'Distinct users with at least one event that day.' },
  { key: 'wau-mau', name: 'WAU / MAU', definition: 'Distinct users in the trailing 7/30 days ending that day.' },
  { key: 'stickiness', name: 'Stickiness', definition: 'Stickiness = DAU / MAU.' },
  { key: 'new-users', name: 'New users', definition: 'Users whose first ever event falls on that day (install day = day 0).' },
  {
    key: 'classic-retention',
    name: 'Classic Dn retention',
    definition: 'Users of the day-0 cohort active exactly on day N / cohort size.',
  },
  { key: 'rolling-retention', name: 'Rolling Dn retention', definition: 'Active on day N or any later day / cohort size.' },
  {
    key: 'session',
    name: 'Session',
    definition: "Events of a user with gaps under 30 minutes (or the SDK's session_id).",
  },
  { key: 'session-length', name: 'Session length', definition: 'Last minus first event time.' },
  {
    key: 'revenue',
    name: 'Revenue',
    // Issue 21 (ADR 011): DESIGN.md's words.
    definition:
      "Revenue in the project currency. A purchase of 0 is not a transaction and does not make its player paying. Purchases in another currency than the project's reporting currency convert through the project's rate table; one without a rate is left out and the page says so. Nothing is ever summed across currencies.",
  },
  { key: 'arpdau', name: 'ARPDAU', definition: 'ARPDAU = revenue that day / DAU.' },
  { key: 'arppu', name: 'ARPPU', definition: 'ARPPU = revenue / paying users in the period.' },
  {
    key: 'paying-conversion',
    name: 'Paying conversion',
    definition: 'Paying conversion = paying users / active users in the period.',
  },
  {
    key: 'cumulative-ltv',
    name: 'Cumulative LTV',
    definition: 'Cumulative LTV at day N = revenue of the cohort up to day N / cohort size.',
  },
] as const satisfies readonly MetricDefinition[];

export type MetricKey = (typeof metricDefinitions)[number]['key'];

export function metricDefinition(key: MetricKey): MetricDefinition {
  const found = metricDefinitions.find((metric) => metric.key === key);
  if (!found) throw new Error(`unknown metric ${key}`);
  return found;
}
