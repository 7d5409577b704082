import { useId } from 'react';
import {
  breakdownPropertyRequiredMessage,
  exploreBreakdowns,
  exploreMeasures,
  HOURLY_MAX_DAYS,
  needsProperty,
  propertyRequiredMessage,
} from '@questboard/shared/analytics-explore';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';

import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../utils/cn';
import {
  type ExploreControls,
  breakdownLabels,
  chartTypeLabels,
  measureLabels,
  propertyKeys,
  propertyOptions,
} from '../lib/explore-controls';
import { ExploreFiltersEditor } from './explore-filters-editor';
import { ExploreSeriesEditor } from './explore-series-editor';
import { SegmentedControl } from './segmented-control';

const ALL_EVENTS = '';
const NO_PROPERTY = '';

const chartOptions = (['line', 'bar', 'table'] as const).map((value) => ({ value, label: chartTypeLabels[value] }));

/** The explorer's question: which events, which measure, broken down by what, shown how. */
export function ExploreControlsForm({
  controls,
  catalogue,
  hourlyProblem,
  onChange,
}: {
  controls: ExploreControls;
  /** Why hours cannot be shown for the page's range (the shared message), or null. */
  hourlyProblem: string | null;
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
  const keys = propertyKeys(catalogue ?? [], controls.event);
  const breakdownKeys =
    controls.breakdownProperty !== null && !keys.includes(controls.breakdownProperty)
      ? [controls.breakdownProperty, ...keys]
      : keys;
  const missingBreakdown = controls.breakdown === 'property' && controls.breakdownProperty === null;

  return (
    <section aria-label="Query" className="flex min-w-0 flex-col gap-4 rounded-2xl border bg-card p-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
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
        {controls.breakdown === 'property' && (
          <div className={fieldClass}>
            <Label htmlFor={`${id}-breakdown-property`}>Breakdown property</Label>
            <Select
              size="sm"
              id={`${id}-breakdown-property`}
              value={controls.breakdownProperty ?? ''}
              aria-invalid={missingBreakdown ? true : undefined}
              aria-describedby={`${id}-breakdown-note`}
              onChange={(event) =>
                onChange({ breakdownProperty: event.target.value === '' ? null : event.target.value })
              }
            >
              <option value="">Choose a property</option>
              {breakdownKeys.map((key) => (
                <option key={key} value={key}>
                  {key}
                </option>
              ))}
            </Select>
            <p
              id={`${id}-breakdown-note`}
              className={cn('text-sm', missingBreakdown ? 'text-destructive' : 'text-muted-foreground')}
            >
              {missingBreakdown
                ? breakdownPropertyRequiredMessage
                : 'Text: the 10 largest and Other. Numbers: value ranges.'}
            </p>
          </div>
        )}
        <SegmentedControl
          legend="View as"
          options={chartOptions}
          value={controls.chart}
          onChange={(chart) => {
            onChange({ chart });
          }}
        />
        <div className={fieldClass}>
          <div className="flex items-center gap-2 pt-7">
            <input
              id={`${id}-hourly`}
              type="checkbox"
              className="size-4 accent-primary"
              checked={controls.hourly}
              aria-describedby={`${id}-hourly-note`}
              onChange={(event) => onChange({ hourly: event.target.checked })}
            />
            <Label htmlFor={`${id}-hourly`}>By hour (UTC)</Label>
          </div>
          <p
            id={`${id}-hourly-note`}
            className={cn('text-sm', hourlyProblem !== null ? 'text-destructive' : 'text-muted-foreground')}
          >
            {hourlyProblem ?? `Ranges up to ${HOURLY_MAX_DAYS} days; hours are UTC.`}
          </p>
        </div>
      </div>
      <ExploreFiltersEditor
        label="Series A filters"
        filters={controls.filters}
        keys={keys}
        onChange={(filters) => onChange({ filters })}
      />
      <ExploreSeriesEditor
        series={controls.series}
        formula={controls.formula}
        events={names}
        catalogue={catalogue ?? []}
        onChange={onChange}
      />
    </section>
  );
}
