import { useId, useState } from 'react';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { formatRange } from '../lib/format';
import { type AnalyticsView, type DatePresetKey, type ViewPatch, datePresets, validateRange } from '../view/analytics-view';

/** A preset (moves with the days) or a custom range of UTC days, checked before it is applied. */
export function DateRangePicker({
  view,
  preset,
  setView,
}: {
  view: AnalyticsView;
  preset: DatePresetKey | 'custom';
  setView: (patch: ViewPatch) => void;
}) {
  const id = useId();
  // Custom is chosen in the select before its days are applied.
  const [editing, setEditing] = useState(false);
  const [from, setFrom] = useState(view.from);
  const [to, setTo] = useState(view.to);
  const [error, setError] = useState<string | null>(null);
  const custom = editing || preset === 'custom';

  const startEditing = () => {
    setFrom(view.from);
    setTo(view.to);
    setError(null);
    setEditing(true);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-preset`}>Date range</Label>
        <Select
          id={`${id}-preset`}
          size="sm"
          value={custom ? 'custom' : preset}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'custom') {
              startEditing();
              return;
            }
            setEditing(false);
            setError(null);
            setView({ preset: value as DatePresetKey });
          }}
          className="w-40"
        >
          {datePresets.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
          <option value="custom">Custom range</option>
        </Select>
      </div>
      {custom ? (
        <form
          aria-label="Custom date range"
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            const problem = validateRange(from, to);
            setError(problem);
            if (problem) return;
            setEditing(false);
            setView({ from, to });
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input
              id={`${id}-from`}
              type="date"
              value={from}
              max={to || undefined}
              onChange={(event) => {
                setFrom(event.target.value);
              }}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
              className="h-8 w-40"
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input
              id={`${id}-to`}
              type="date"
              value={to}
              min={from || undefined}
              onChange={(event) => {
                setTo(event.target.value);
              }}
              aria-invalid={error !== null}
              aria-describedby={error ? `${id}-error` : undefined}
              className="h-8 w-40"
            />
          </div>
          <Button type="submit" size="sm" variant="outline">
            Apply
          </Button>
          {error && (
            <p id={`${id}-error`} role="alert" className="basis-full text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      ) : (
        <p className="pb-1.5 text-sm text-muted-foreground tabular-nums">{formatRange(view.from, view.to)} (UTC)</p>
      )}
    </div>
  );
}
