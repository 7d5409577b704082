// docs/product/metrics.md#definitions: the metric definitions, word for word, as data so the help page and the
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
    // Issue 21 (ADR 011): the words of docs/product/metrics.md#money.
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
  // Issue 21, ADR 010 "Curves" and "Incomplete buckets", in the same words.
  {
    key: 'cohort-curves',
    name: 'Retention and LTV curves',
    definition:
      'Every curve over days since install (the retention curve, the average cumulative LTV, each cohort row) follows one set of players from day 0 to its last day: the cohorts installed on days that have reached that day. Its last day N (at most 30) is the one with the most player-days, (N + 1) × those players, the later on a tie, so cumulative LTV never falls and rolling retention never rises along it. The page says which cohorts and how many players.',
  },
  {
    key: 'incomplete-buckets',
    name: 'Incomplete buckets',
    definition:
      'Incomplete buckets (today, this week) are marked as such and compared like with like: a bucket not over yet, or cut by the range, is drawn dashed or hatched and labelled so far, and the overview compares complete days only, leaving today out of both sides.',
  },
  // Issue 17, ADR 028: the levels and economy pages, in the words of docs/product/metrics.md#level-progression and #economy.
  {
    key: 'level',
    name: 'Level',
    definition:
      'The level property of level_start, level_complete and level_fail, as text (a number as its digits, a string as sent). Levels sort numerically when every level is a number, else as text.',
  },
  {
    key: 'level-reached',
    name: 'Reached',
    definition: 'Players who reached a level = distinct players with a level_start, level_complete or level_fail of it in the range.',
  },
  { key: 'level-fail-rate', name: 'Fail rate', definition: 'Fail rate = fails / (completes + fails).' },
  { key: 'attempts-per-completion', name: 'Attempts per completion', definition: 'Attempts per completion = starts / completes.' },
  {
    key: 'level-median-duration',
    name: 'Median time to complete',
    definition: "The median duration_s of the level's level_complete events that carry a number.",
  },
  {
    key: 'churned-at-level',
    name: 'Churned here',
    definition:
      "Players whose last level seen in the range (the level of their latest progression event) is this one and who sent no event of any kind in the range's last 7 days.",
  },
  {
    key: 'sources-sinks',
    name: 'Sources and sinks',
    definition:
      'Sources (sinks) = the sum of amount over the resource events of the currency with flow source (sink); their players are the distinct players with one. A resource event counts when its flow is source or sink, it names a virtual_currency and its amount is a number above 0.',
  },
  { key: 'net-flow', name: 'Net flow', definition: 'Net flow = sources - sinks.' },
  {
    key: 'balance-by-level',
    name: 'Median balance by level',
    definition:
      "The median balance of the currency's counted resource events that carry one, by the player's level at the event: the event's own level property, else the level of their latest progression event at or before it.",
  },
  // Issue 17 (ADR 027): the words of docs/product/metrics.md#funnels.
  {
    key: 'funnel',
    name: 'Funnel',
    definition:
      "A player enters at their first event in the range that matches step 1 (in any order: any step). The conversion window runs from that entry; an event exactly at its end still counts. In strict order, each next step is the player's first event matching it at a later millisecond than the previous step's, within the window; other events, other steps' included, may come in between. In any order, each step is done at its first matching event from the entry on within the window, and step N means N of the steps done. Time to convert runs from the entry to the step. Only events in the range that match the view's filters count; deleted events are gone and a repeated insert_id is one event.",
  },
] as const satisfies readonly MetricDefinition[];

export type MetricKey = (typeof metricDefinitions)[number]['key'];

export function metricDefinition(key: MetricKey): MetricDefinition {
  const found = metricDefinitions.find((metric) => metric.key === key);
  if (!found) throw new Error(`unknown metric ${key}`);
  return found;
}
