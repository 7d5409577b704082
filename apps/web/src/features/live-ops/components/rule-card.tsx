import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { LiveValueType } from '@questboard/shared/live-value';

import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from '../../../lib/field-errors';
import type { RuleFields } from '../lib/key-form';
import { ConditionList } from '../../../components/live-config/condition-list';
import { ValueField } from '../../../components/live-config/value-field';

interface RuleCardProps {
  index: number;
  count: number;
  rule: RuleFields;
  type: LiveValueType;
  errors: FieldErrors;
  onChange: (rule: RuleFields) => void;
  onMove: (step: -1 | 1) => void;
  onRemove: () => void;
}

/** One rule of a key: its conditions, an optional percentage rollout, and the value it gives. */
export function RuleCard({ index, count, rule, type, errors, onChange, onMove, onRemove }: RuleCardProps) {
  const id = useId();
  const name = `Rule ${index + 1}`;
  const path = `rules.${index}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{name}</h4>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label={`Move ${name.toLowerCase()} up`} title="Move up" disabled={index === 0} onClick={() => onMove(-1)}>
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Move ${name.toLowerCase()} down`} title="Move down" disabled={index === count - 1} onClick={() => onMove(1)}>
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Remove ${name.toLowerCase()}`} title="Remove rule" onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      <ConditionList owner={name} conditions={rule.conditions} onChange={(conditions) => onChange({ ...rule, conditions })} errors={errors} errorPath={`${path}.conditions`} />
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <TextField
          id={`${id}-rollout`}
          label="Rollout (%)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="100"
          value={rule.rollout}
          description="Empty: every matching player"
          error={errors[`${path}.rollout.percentage`] ?? errors[`${path}.rollout`]}
          onChange={(event) => onChange({ ...rule, rollout: event.target.value })}
        />
        <ValueField label={`${name} value`} type={type} value={rule.value} error={errors[`${path}.value`]} onChange={(value) => onChange({ ...rule, value })} />
      </div>
    </li>
  );
}
