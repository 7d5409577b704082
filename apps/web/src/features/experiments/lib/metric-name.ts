// A metric as the page names it ("D7 retention"), from the kinds of
// packages/shared/src/experiments-metrics.ts with their N, event and property filled in.
import type { ExperimentMetric, ExperimentMetricKey } from '@questboard/shared/experiments-api';

/** The kind's name in the form's kind picker. */
export const metricKindLabels: Record<ExperimentMetricKey, string> = {
  retention: 'Dn retention',
  'payer-conversion': 'Payer conversion within N days',
  'event-conversion': 'Event conversion within N days',
  revenue: 'Revenue per player within N days (ARPU)',
  sessions: 'Sessions per player within N days',
  'property-mean': 'Mean of a property',
};

const within = (days: number) => `within ${days} ${days === 1 ? 'day' : 'days'}`;

export function metricName(metric: ExperimentMetric): string {
  switch (metric.kind) {
    case 'retention':
      return `D${metric.days} retention`;
    case 'payer-conversion':
      return `Payer conversion ${within(metric.days)}`;
    case 'event-conversion': {
      const filter = metric.property ? ` with ${metric.property.name} = ${String(metric.property.value)}` : '';
      return `Conversion to ${metric.event}${filter} ${within(metric.days)}`;
    }
    case 'revenue':
      return `Revenue per player ${within(metric.days)}`;
    case 'sessions':
      return `Sessions per player ${within(metric.days)}`;
    case 'property-mean':
      return `Mean ${metric.property} of ${metric.event} ${within(metric.days)}`;
  }
}
