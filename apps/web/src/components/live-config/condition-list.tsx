import { Plus, X } from 'lucide-react';
import { useId } from 'react';
import { liveConditionKinds, livePropertyOperators, type LiveConditionKind, type LivePropertyOperator } from '@questboard/shared/live-condition';

import { Button } from '../ui/button';
import { Label } from '../ui/label';
import { Select } from '../ui/select';
import { TextField } from '../ui/text-field';
import { type ConditionFields, conditionKindLabels, emptyCondition, operatorLabels } from '../../lib/live-config/condition-form';
import { type FieldErrors, errorUnder } from '../../lib/field-errors';

interface ConditionListProps {
  /** "Rule 2" or "Live event": names the fields for screen readers. */
  owner: string;
  conditions: ConditionFields[];
  onChange: (conditions: ConditionFields[]) => void;
  errors: FieldErrors;
  /** Where these conditions' errors are: "rules.1.conditions" or "conditions". */
  errorPath: string;
}

/** Conditions that must all match; none matches every player. */
export function ConditionList({ owner, conditions, onChange, errors, errorPath }: ConditionListProps) {
  const update = (index: number, next: ConditionFields) => onChange(conditions.map((item, at) => (at === index ? next : item)));
  return (
    <div className="flex flex-col gap-2">
      {conditions.length === 0 && <p className="text-sm text-muted-foreground">No conditions: every player matches.</p>}
      {conditions.map((condition, index) => (
        <ConditionRow
          key={index}
          label={`${owner}, condition ${index + 1}`}
          condition={condition}
          error={errorUnder(errors, `${errorPath}.${index}`)}
          onChange={(next) => update(index, next)}
          onRemove={() => onChange(conditions.filter((_, at) => at !== index))}
        />
      ))}
      <div>
        <Button variant="outline" size="sm" onClick={() => onChange([...conditions, emptyCondition()])}>
          <Plus aria-hidden="true" className="size-4" />
          Add condition
        </Button>
      </div>
    </div>
  );
}

interface ConditionRowProps {
  label: string;
  condition: ConditionFields;
  error: string | undefined;
  onChange: (next: ConditionFields) => void;
  onRemove: () => void;
}

function ConditionRow({ label, condition, error, onChange, onRemove }: ConditionRowProps) {
  const id = useId();
  const set = (patch: Partial<ConditionFields>) => onChange({ ...condition, ...patch });
  const text = (field: keyof ConditionFields, fieldLabel: string, placeholder: string, type = 'text') => (
    <TextField
      id={`${id}-${field}`}
      label={fieldLabel}
      type={type}
      value={condition[field]}
      placeholder={placeholder}
      autoComplete="off"
      className="min-w-32 flex-1"
      onChange={(event) => set({ [field]: event.target.value })}
    />
  );
  return (
    <fieldset aria-label={label} aria-describedby={error ? `${id}-error` : undefined} className="flex flex-col gap-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-36 flex-col gap-2">
          <Label htmlFor={`${id}-kind`}>Match on</Label>
          <Select id={`${id}-kind`} value={condition.kind} onChange={(event) => onChange(emptyCondition(event.target.value as LiveConditionKind))}>
            {liveConditionKinds.map((kind) => (
              <option key={kind} value={kind}>
                {conditionKindLabels[kind]}
              </option>
            ))}
          </Select>
        </div>
        {condition.kind === 'platform' && text('list', 'Platforms', 'ios, android')}
        {condition.kind === 'country' && text('list', 'Countries', 'DE, FR')}
        {condition.kind === 'app_version' && text('range', 'Version range', '>=1.2.0 <2.0.0')}
        {condition.kind === 'property' && (
          <>
            {text('property', 'Property', 'level')}
            <div className="flex min-w-32 flex-col gap-2">
              <Label htmlFor={`${id}-operator`}>Operator</Label>
              <Select id={`${id}-operator`} value={condition.operator} onChange={(event) => set({ operator: event.target.value as LivePropertyOperator })}>
                {livePropertyOperators.map((operator) => (
                  <option key={operator} value={operator}>
                    {operatorLabels[operator]}
                  </option>
                ))}
              </Select>
            </div>
            {text('value', 'Compared with', condition.operator === 'in' ? 'gold, silver' : '10')}
          </>
        )}
        {condition.kind === 'install_date' && (
          <>
            {text('from', 'Installed from', '', 'date')}
            {text('to', 'Installed until', '', 'date')}
          </>
        )}
        <Button variant="ghost" size="icon" aria-label={`Remove ${label.toLowerCase()}`} title="Remove condition" onClick={onRemove}>
          <X aria-hidden="true" className="size-4" />
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  );
}
