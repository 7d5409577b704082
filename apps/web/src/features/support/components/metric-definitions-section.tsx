import { METRIC_DAYS_NOTE, metricDefinitions } from '@questboard/shared/metric-definitions';

import { HelpSection } from './help-section';

/** docs/product/metrics.md#definitions, from the shared definitions the analytics pages use too. */
export function MetricDefinitionsSection() {
  return (
    <HelpSection id="metric-definitions" title="Metric definitions" description={`How every number is counted. ${METRIC_DAYS_NOTE}`}>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(9rem,max-content)_1fr]">
        {metricDefinitions.map((metric) => (
          <div key={metric.key} className="contents">
            <dt className="font-medium">{metric.name}</dt>
            <dd className="-mt-2 text-muted-foreground sm:mt-0">{metric.definition}</dd>
          </div>
        ))}
      </dl>
    </HelpSection>
  );
}
