import { useId } from 'react';
import { exploreBreakdowns, exploreMeasures, needsProperty, propertyRequiredMessage } from '@questboard/shared/analytics-explore';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';

import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../utils/cn';
import {
  type ExploreControls,
  breakdownLabels,
  chartTypeLabels,
  measureLabels,
  propertyOptions,
} from '../lib/explore-controls';
import { SegmentedControl } from './segmented-control';

const ALL_EVENTS = '';
const NO_PROPERTY = '';

const chartOptions = (['line', 'bar', 'table'] as const).map((value) => ({ value, label: chartTypeLabels[value] }));

/** The explorer's question: which events, which measure, broken down by what, shown how. */
export function ExploreControlsForm({
  controls,
  catalogue,
  onChange,
}: {
  controls: ExploreControls;
  /** undefined while the event list loads. */
  catalogue: EventCatalogue['events'] | undefined;
  onChange: (change: Partial<ExploreControls>) => void;
}) {
  const id = useId();
  const names = (catalogue ?? []).map((event) => event.name);
  // An event from a link (the overview's top events) stays choosable even if the range has none.
  const events = controls.event !== null && !names.includes(controls.event) ? [controls.event, ...names] : names;
  const properties = propertyOptions(catalogue ?? [], controls.event);
  if (controls.property !== null && !properties.includes(controls.property)) properties.push(controls.property);
  const showProperty = needsProperty(controls.measure);
  const missingProperty = showProperty && controls.property === null;
  const fieldClass = 'flex min-w-0 flex-col gap-2';

  return (
    <section
      aria-label="Query"
      className="grid grid-cols-1 gap-4 rounded-2xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <div className={fieldClass}>
        <Label htmlFor={`${id}-event`}>Event</Label>
        <Select
          size="sm"
          id={`${id}-event`}
          value={controls.event ?? ALL_EVENTS}
          onChange={(event) => {
            onChange({ event: event.target.value === ALL_EVENTS ? null : event.target.value });
          }}
        >
          <option value={ALL_EVENTS}>All events</option>
          {events.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      <div className={fieldClass}>
        <Label htmlFor={`${id}-measure`}>Measure</Label>
        <Select
          size="sm"
          id={`${id}-measure`}
          value={controls.measure}
          onChange={(event) => {
            const measure = exploreMeasures.find((candidate) => candidate === event.target.value) ?? 'count';
            onChange({ measure });
          }}
        >
          {exploreMeasures.map((measure) => (
            <option key={measure} value={measure}>
              {measureLabels[measure]}
            </option>
          ))}
        </Select>
      </div>
      {showProperty && (
        <div className={fieldClass}>
          <Label htmlFor={`${id}-property`}>Numeric property</Label>
          <Select
            size="sm"
            id={`${id}-property`}
            value={controls.property ?? NO_PROPERTY}
            aria-invalid={missingProperty ? true : undefined}
            aria-describedby={`${id}-property-note`}
            onChange={(event) => {
              onChange({ property: event.target.value === NO_PROPERTY ? null : event.target.value });
            }}
          >
            <option value={NO_PROPERTY}>Choose a property</option>
            {properties.map((property) => (
              <option key={property} value={property}>
                {property}
              </option>
            ))}
          </Select>
          <p
            id={`${id}-property-note`}
            className={cn('text-sm', missingProperty ? 'text-destructive' : 'text-muted-foreground')}
          >
            {missingProperty ? propertyRequiredMessage : 'Values that are not numbers are skipped.'}
          </p>
        </div>
      )}
      <div className={fieldClass}>
        <Label htmlFor={`${id}-breakdown`}>Breakdown</Label>
        <Select
          size="sm"
          id={`${id}-breakdown`}
          value={controls.breakdown}
          onChange={(event) => {
            const breakdown = exploreBreakdowns.find((candidate) => candidate === event.target.value) ?? 'none';
            onChange({ breakdown });
          }}
        >
          {exploreBreakdowns.map((breakdown) => (
            <option key={breakdown} value={breakdown}>
              {breakdownLabels[breakdown]}
            </option>
          ))}
        </Select>
      </div>
      <SegmentedControl
        legend="View as"
        options={chartOptions}
        value={controls.chart}
        onChange={(chart) => {
          onChange({ chart });
        }}
      />
    </section>
  );
}
