import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import {
  PROPERTY_FILTERS_MAX,
  operatorValues,
  propertyOperators,
  type PropertyFilter,
} from '@questboard/shared/analytics-explore-filters';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { operatorLabels } from '../lib/explore-controls';

/** A filter's values as typed: 'one of' takes several, separated by commas. */
const valuesOf = (op: PropertyFilter['op'], text: string): string[] => {
  const wanted = operatorValues(op);
  if (wanted === 'none') return [];
  if (wanted === 'one') return [text];
  return text.split(',').map((item) => item.trim()).filter((item) => item !== '');
};

/**
 * One series' property filters (docs/product/metrics.md "Property filters"): each a key offered
 * from the event catalogue, an operator and its value. All of them must hold.
 */
export function ExploreFiltersEditor({
  label,
  filters,
  keys,
  onChange,
}: {
  /** e.g. 'Series A filters' */
  label: string;
  filters: PropertyFilter[];
  /** The property keys the catalogue saw on the series' event. */
  keys: string[];
  onChange: (filters: PropertyFilter[]) => void;
}) {
  const id = useId();
  const update = (index: number, change: Partial<PropertyFilter>) => {
    onChange(filters.map((filter, at) => (at === index ? { ...filter, ...change } : filter)));
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="text-sm font-medium">{label}</legend>
      {filters.map((filter, index) => {
        const options = keys.includes(filter.key) ? keys : [filter.key, ...keys];
        const wanted = operatorValues(filter.op);
        const rowId = `${id}-${index}`;
        return (
          <div key={index} className="grid grid-cols-[minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={`${rowId}-key`} className="text-xs">
                Property
              </Label>
              <Select size="sm" id={`${rowId}-key`} value={filter.key} onChange={(event) => update(index, { key: event.target.value })}>
                {options.map((key) => (
                  <option key={key} value={key}>
                    {key}
                  </option>
                ))}
              </Select>
            </div>
            <div className="order-3 flex min-w-0 flex-col gap-1 sm:order-none">
              <Label htmlFor={`${rowId}-op`} className="text-xs">
                Condition
              </Label>
              <Select
                size="sm"
                id={`${rowId}-op`}
                value={filter.op}
                onChange={(event) => {
                  const op = propertyOperators.find((candidate) => candidate === event.target.value) ?? 'eq';
                  update(index, { op, values: valuesOf(op, filter.values.join(', ')) });
                }}
              >
                {propertyOperators.map((op) => (
                  <option key={op} value={op}>
                    {operatorLabels[op]}
                  </option>
                ))}
              </Select>
            </div>
            <div className="order-4 flex min-w-0 flex-col gap-1 sm:order-none">
              {wanted !== 'none' && (
                <>
                  <Label htmlFor={`${rowId}-value`} className="text-xs">
                    {wanted === 'many' ? 'Values (comma-separated)' : 'Value'}
                  </Label>
                  <Input
                    id={`${rowId}-value`}
                    className="h-9"
                    inputMode={['gt', 'gte', 'lt', 'lte'].includes(filter.op) ? 'decimal' : undefined}
                    defaultValue={filter.values.join(', ')}
                    onBlur={(event) => update(index, { values: valuesOf(filter.op, event.target.value) })}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') update(index, { values: valuesOf(filter.op, event.currentTarget.value) });
                    }}
                  />
                </>
              )}
            </div>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove filter on ${filter.key}`}
              onClick={() => onChange(filters.filter((_, at) => at !== index))}
            >
              <X aria-hidden="true" className="size-4" />
            </Button>
          </div>
        );
      })}
      <div>
        <Button
          variant="outline"
          size="sm"
          disabled={keys.length === 0 || filters.length >= PROPERTY_FILTERS_MAX}
          onClick={() => onChange([...filters, { key: keys[0] ?? '', op: 'set', values: [] }])}
        >
          <Plus aria-hidden="true" className="size-4" />
          Add filter
        </Button>
      </div>
    </fieldset>
  );
}
