import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { EXPLORE_EXTRA_SERIES_MAX, exploreMeasures, needsProperty, seriesLetters, type SeriesSpec } from '@questboard/shared/analytics-explore';
import { parseFormula, SERIES_LETTERS, type SeriesLetter } from '@questboard/shared/explore-formula';
import type { EventCatalogue } from '@questboard/shared/analytics-answers';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../utils/cn';
import { measureLabels, propertyKeys, propertyOptions } from '../lib/explore-controls';
import { ExploreFiltersEditor } from './explore-filters-editor';

const ALL_EVENTS = '';

/** Series B, C, … of the chart (each its own event, measure and filters) and the formula over them. */
export function ExploreSeriesEditor({
  series,
  formula,
  events,
  catalogue,
  onChange,
}: {
  series: SeriesSpec[];
  formula: string | null;
  /** The event names to choose from. */
  events: string[];
  catalogue: EventCatalogue['events'];
  onChange: (change: { series?: SeriesSpec[]; formula?: string | null }) => void;
}) {
  const id = useId();
  const update = (index: number, change: Partial<SeriesSpec>) => {
    onChange({ series: series.map((spec, at) => (at === index ? { ...spec, ...change } : spec)) });
  };
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {series.map((spec, index) => {
        const letter = SERIES_LETTERS[index + 1];
        const seriesId = `${id}-${index}`;
        return (
          <section key={index} aria-label={`Series ${letter}`} className="flex min-w-0 flex-col gap-3 rounded-xl border p-3">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">Series {letter}</h3>
              <Button variant="ghost" size="sm" onClick={() => onChange({ series: series.filter((_, at) => at !== index) })}>
                <X aria-hidden="true" className="size-4" />
                Remove series {letter}
              </Button>
            </div>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <div className="flex min-w-0 flex-col gap-1">
                <Label htmlFor={`${seriesId}-event`}>Event</Label>
                <Select
                  size="sm"
                  id={`${seriesId}-event`}
                  value={spec.event ?? ALL_EVENTS}
                  onChange={(event) => update(index, { event: event.target.value === ALL_EVENTS ? null : event.target.value, filters: [] })}
                >
                  <option value={ALL_EVENTS}>All events</option>
                  {(spec.event !== null && !events.includes(spec.event) ? [spec.event, ...events] : events).map((name) => (
                    <option key={name} value={name}>
                      {name}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <Label htmlFor={`${seriesId}-measure`}>Measure</Label>
                <Select
                  size="sm"
                  id={`${seriesId}-measure`}
                  value={spec.measure}
                  onChange={(event) => {
                    const measure = exploreMeasures.find((candidate) => candidate === event.target.value) ?? 'count';
                    update(index, { measure, property: needsProperty(measure) ? spec.property : null });
                  }}
                >
                  {exploreMeasures.map((measure) => (
                    <option key={measure} value={measure}>
                      {measureLabels[measure]}
                    </option>
                  ))}
                </Select>
              </div>
              {needsProperty(spec.measure) && (
                <div className="flex min-w-0 flex-col gap-1">
                  <Label htmlFor={`${seriesId}-property`}>Numeric property</Label>
                  <Select
                    size="sm"
                    id={`${seriesId}-property`}
                    value={spec.property ?? ''}
                    aria-invalid={spec.property === null ? true : undefined}
                    onChange={(event) => update(index, { property: event.target.value === '' ? null : event.target.value })}
                  >
                    <option value="">Choose a property</option>
                    {propertyOptions(catalogue, spec.event).map((key) => (
                      <option key={key} value={key}>
                        {key}
                      </option>
                    ))}
                  </Select>
                </div>
              )}
            </div>
            <ExploreFiltersEditor
              label={`Series ${letter} filters`}
              filters={spec.filters}
              keys={propertyKeys(catalogue, spec.event)}
              onChange={(filters) => update(index, { filters })}
            />
          </section>
        );
      })}
      <div className="flex flex-wrap items-end gap-4">
        <Button
          variant="outline"
          size="sm"
          disabled={series.length >= EXPLORE_EXTRA_SERIES_MAX}
          onClick={() => onChange({ series: [...series, { event: null, measure: 'count', property: null, filters: [] }] })}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add series {SERIES_LETTERS[series.length + 1] ?? ''}
        </Button>
        <FormulaField key={formula ?? ''} formula={formula} letters={seriesLetters(series)} onChange={(next) => onChange({ formula: next })} />
      </div>
    </div>
  );
}

/** The formula over the series letters; checked as typed, applied on Enter or leaving the field. */
function FormulaField({ formula, letters, onChange }: { formula: string | null; letters: readonly SeriesLetter[]; onChange: (formula: string | null) => void }) {
  const id = useId();
  const [text, setText] = useState(formula ?? '');
  const parsed = text.trim() === '' ? null : parseFormula(text, letters);
  const problem = parsed !== null && !parsed.ok ? parsed.message : null;
  const apply = () => onChange(text.trim() === '' ? null : text.trim());
  return (
    <div className="flex min-w-0 flex-1 basis-56 flex-col gap-1">
      <Label htmlFor={id}>Formula</Label>
      <Input
        id={id}
        className="h-9 font-mono"
        placeholder="e.g. B / A * 100"
        value={text}
        aria-invalid={problem !== null ? true : undefined}
        aria-describedby={`${id}-note`}
        onChange={(event) => setText(event.target.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
      <p id={`${id}-note`} className={cn('text-xs', problem !== null ? 'text-destructive' : 'text-muted-foreground')}>
        {problem ?? `Series ${letters.join(', ')} with + - * / and parentheses; dividing by zero leaves a gap.`}
      </p>
    </div>
  );
}
