import { useId } from 'react';
import { experimentMetricKinds } from '@questboard/shared/experiments-metrics';
import type { ExperimentMetricKey } from '@questboard/shared/experiments-api';

import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from '../../../lib/field-errors';
import { type MetricFields, newMetric } from '../lib/experiment-form';
import { metricKindLabels } from '../lib/metric-name';

interface MetricEditorProps {
  /** "Primary metric", "Secondary metric 2": names the fields for screen readers. */
  label: string;
  metric: MetricFields;
  onChange: (metric: MetricFields) => void;
  errors: FieldErrors;
  /** Where this metric's errors are: "primaryMetric" or "secondaryMetrics.1". */
  errorPath: string;
}

/** A metric's kind, its N days and, for the event metrics, the event and property. */
export function MetricEditor({ label, metric, onChange, errors, errorPath }: MetricEditorProps) {
  const id = useId();
  const set = (patch: Partial<MetricFields>) => onChange({ ...metric, ...patch });
  const definition = experimentMetricKinds.find((kind) => kind.key === metric.kind)?.definition;
  const kindError = errors[errorPath] ?? errors[`${errorPath}.kind`];
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <div className="flex min-w-0 flex-col gap-2">
          <Label htmlFor={`${id}-kind`}>{label}</Label>
          <Select
            id={`${id}-kind`}
            value={metric.kind}
            aria-describedby={`${id}-definition`}
            onChange={(event) => onChange({ ...newMetric(event.target.value as ExperimentMetricKey), rowKey: metric.rowKey, days: metric.days })}
          >
            {experimentMetricKinds.map((kind) => (
              <option key={kind.key} value={kind.key}>
                {metricKindLabels[kind.key]}
              </option>
            ))}
          </Select>
        </div>
        <TextField
          id={`${id}-days`}
          label={`${label}: N (days)`}
          inputMode="numeric"
          autoComplete="off"
          value={metric.days}
          error={errors[`${errorPath}.days`]}
          onChange={(event) => set({ days: event.target.value })}
        />
      </div>
      <p id={`${id}-definition`} className="text-sm text-pretty text-muted-foreground">
        {definition}
      </p>
      {kindError && <p className="text-sm text-destructive">{kindError}</p>}
      {(metric.kind === 'event-conversion' || metric.kind === 'property-mean') && (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            id={`${id}-event`}
            label={`${label}: event`}
            autoComplete="off"
            spellCheck={false}
            placeholder="level_complete"
            value={metric.event}
            error={errors[`${errorPath}.event`]}
            onChange={(event) => set({ event: event.target.value })}
          />
          <TextField
            id={`${id}-property`}
            label={metric.kind === 'property-mean' ? `${label}: numeric property` : `${label}: property (optional)`}
            autoComplete="off"
            spellCheck={false}
            placeholder={metric.kind === 'property-mean' ? 'duration' : 'level'}
            value={metric.property}
            error={errors[`${errorPath}.property`] ?? errors[`${errorPath}.property.name`]}
            onChange={(event) => set({ property: event.target.value })}
          />
          {metric.kind === 'event-conversion' && (
            <TextField
              id={`${id}-value`}
              label={`${label}: property value`}
              autoComplete="off"
              placeholder="10"
              disabled={metric.property.trim() === ''}
              value={metric.propertyValue}
              error={errors[`${errorPath}.property.value`]}
              onChange={(event) => set({ propertyValue: event.target.value })}
            />
          )}
        </div>
      )}
    </div>
  );
}
