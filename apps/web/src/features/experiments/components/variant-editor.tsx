import { Plus, Trash2, X } from 'lucide-react';
import { useId } from 'react';
import type { LiveKey } from '@questboard/shared/live-config';

import { ValueField } from '../../../components/live-config/value-field';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from '../../../lib/field-errors';
import { valueToText } from '../../../lib/live-config/value-text';
import { newOverride, type OverrideFields, type VariantFields } from '../lib/experiment-form';

interface VariantEditorProps {
  index: number;
  variant: VariantFields;
  /** The published config's keys: what the overrides choose from. */
  liveKeys: readonly LiveKey[];
  errors: FieldErrors;
  onChange: (variant: VariantFields) => void;
  /** Absent for the control and while only two variants are left. */
  onRemove: (() => void) | undefined;
}

/** One variant: its name, key and weight, and the config values its players get. */
export function VariantEditor({ index, variant, liveKeys, errors, onChange, onRemove }: VariantEditorProps) {
  const id = useId();
  const title = index === 0 ? 'Control' : `Variant ${index + 1}`;
  const path = `variants.${index}`;
  const set = (patch: Partial<VariantFields>) => onChange({ ...variant, ...patch });
  const setOverride = (at: number, next: OverrideFields) => set({ overrides: variant.overrides.map((item, where) => (where === at ? next : item)) });
  const unused = liveKeys.filter((key) => !variant.overrides.some((override) => override.key === key.name));

  return (
    <li className="flex flex-col gap-3 rounded-xl border bg-muted/40 p-3 sm:p-4">
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{title}</h4>
        {onRemove && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${title.toLowerCase()}`} title="Remove variant" onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_7rem]">
        <TextField id={`${id}-name`} label={`${title} name`} autoComplete="off" value={variant.name} error={errors[`${path}.name`]} onChange={(event) => set({ name: event.target.value })} />
        <TextField
          id={`${id}-key`}
          label={`${title} key`}
          autoComplete="off"
          spellCheck={false}
          value={variant.key}
          error={errors[`${path}.key`]}
          onChange={(event) => set({ key: event.target.value })}
        />
        <TextField
          id={`${id}-weight`}
          label={`${title} weight`}
          inputMode="numeric"
          autoComplete="off"
          value={variant.weight}
          error={errors[`${path}.weight`]}
          onChange={(event) => set({ weight: event.target.value })}
        />
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Config values</p>
        {variant.overrides.length === 0 && (
          <p className="text-sm text-muted-foreground">{index === 0 ? 'None: the control gets the published config.' : 'None yet: this variant gets the published config.'}</p>
        )}
        {variant.overrides.map((override, at) => {
          const key = liveKeys.find((candidate) => candidate.name === override.key);
          const label = `${title}, value ${at + 1}`;
          return (
            <fieldset key={override.rowKey} aria-label={label} className="grid items-start gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]">
              <div className="flex min-w-0 flex-col gap-2">
                <Label htmlFor={`${id}-override-${at}`}>{`${label}: key`}</Label>
                <Select
                  id={`${id}-override-${at}`}
                  value={override.key}
                  aria-invalid={errors[`${path}.overrides.${at}.key`] ? true : undefined}
                  onChange={(event) => {
                    const chosen = liveKeys.find((candidate) => candidate.name === event.target.value);
                    setOverride(at, { ...override, key: event.target.value, value: chosen ? valueToText(chosen.type, chosen.defaultValue) : '' });
                  }}
                >
                  <option value="">Choose a key</option>
                  {[...(key ? [key] : []), ...unused].map((candidate) => (
                    <option key={candidate.name} value={candidate.name}>
                      {candidate.name} ({candidate.type})
                    </option>
                  ))}
                </Select>
                {errors[`${path}.overrides.${at}.key`] && <p className="text-sm text-destructive">{errors[`${path}.overrides.${at}.key`]}</p>}
              </div>
              {key ? (
                <ValueField label={`${label}: value`} type={key.type} value={override.value} error={errors[`${path}.overrides.${at}.value`]} onChange={(value) => setOverride(at, { ...override, value })} />
              ) : (
                <p className="self-center text-sm text-muted-foreground">Choose a key to give its value.</p>
              )}
              <Button
                variant="ghost"
                size="icon"
                className="sm:mt-7"
                aria-label={`Remove ${label.toLowerCase()}`}
                title="Remove value"
                onClick={() => set({ overrides: variant.overrides.filter((_, where) => where !== at) })}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </fieldset>
          );
        })}
        {errors[`${path}.overrides`] && <p className="text-sm text-destructive">{errors[`${path}.overrides`]}</p>}
        <div>
          <Button variant="outline" size="sm" disabled={unused.length === 0} onClick={() => set({ overrides: [...variant.overrides, newOverride()] })}>
            <Plus aria-hidden="true" className="size-4" />
            Add config value to {title.toLowerCase()}
          </Button>
        </div>
      </div>
    </li>
  );
}
