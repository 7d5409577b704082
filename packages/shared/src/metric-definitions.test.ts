import { describe, expect, it } from 'vitest';
import { metricDefinition, metricDefinitions } from './metric-definitions';

describe('metric definitions', () => {
  it('defines each metric of docs/product/metrics.md once, with its formula', () => {
    expect(new Set(metricDefinitions.map((metric) => metric.key)).size).toBe(metricDefinitions.length);
    expect(metricDefinitions.map((metric) => metric.name)).toEqual([
      'DAU', 'WAU / MAU', 'Stickiness', 'New users', 'Classic Dn retention', 'Rolling Dn retention', 'Session',
      'Session length', 'Revenue', 'ARPDAU', 'ARPPU', 'Paying conversion', 'Cumulative LTV',
      'Retention and LTV curves', 'Incomplete buckets',
      'Level', 'Reached', 'Fail rate', 'Attempts per completion', 'Median time to complete', 'Churned here',
      'Sources and sinks', 'Net flow', 'Median balance by level', 'Funnel',
    ]);
    expect(metricDefinition('level-fail-rate').definition).toBe('Fail rate = fails / (completes + fails).');
    expect(metricDefinition('net-flow').definition).toBe('Net flow = sources - sinks.');
    expect(metricDefinition('funnel').definition).toMatch(/^A player enters at their first event in the range that matches step 1/u);
    expect(metricDefinition('stickiness').definition).toBe('Stickiness = DAU / MAU.');
    expect(metricDefinition('arpdau').definition).toBe('ARPDAU = revenue that day / DAU.');
    // The rule's sentence in docs/product/metrics.md#incomplete-buckets, word for word, then how the product applies it.
    expect(metricDefinition('incomplete-buckets').definition).toMatch(/^Incomplete buckets \(today, this week\) are marked as such and compared like with like[:.]/u);
    expect(metricDefinition('revenue').definition).toBe(
      "Revenue in the project currency. A purchase of 0 is not a transaction and does not make its player paying. Purchases in another currency than the project's reporting currency convert through the project's rate table; one without a rate is left out and the page says so. Nothing is ever summed across currencies.",
    );
  });
});
