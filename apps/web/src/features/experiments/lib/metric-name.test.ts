import { describe, expect, it } from 'vitest';
import type { ExperimentMetric } from '@questboard/shared/experiments-api';
import { experimentMetricKinds } from '@questboard/shared/experiments-metrics';

import { metricKindLabels, metricName } from './metric-name';

describe('metric names', () => {
  it.each<[ExperimentMetric, string]>([
    [{ kind: 'retention', days: 7 }, 'D7 retention'],
    [{ kind: 'payer-conversion', days: 1 }, 'Payer conversion within 1 day'],
    [{ kind: 'event-conversion', days: 3, event: 'level_complete', property: { name: 'level', value: 10 } }, 'Conversion to level_complete with level = 10 within 3 days'],
    [{ kind: 'event-conversion', days: 3, event: 'tutorial_done', property: null }, 'Conversion to tutorial_done within 3 days'],
    [{ kind: 'revenue', days: 30 }, 'Revenue per player within 30 days'],
    [{ kind: 'sessions', days: 7 }, 'Sessions per player within 7 days'],
    [{ kind: 'property-mean', days: 7, event: 'level_complete', property: 'duration' }, 'Mean duration of level_complete within 7 days'],
  ])('%j is "%s"', (metric, name) => {
    expect(metricName(metric)).toBe(name);
  });

  it('labels each kind with its name in packages/shared', () => {
    for (const kind of experimentMetricKinds) expect(metricKindLabels[kind.key]).toBe(kind.name);
  });
});
