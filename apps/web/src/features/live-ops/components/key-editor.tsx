import { Plus } from 'lucide-react';
import { useId, useState } from 'react';
import { liveDefinition } from '@questboard/shared/live-definitions';
import { liveValueTypes, type LiveValueType } from '@questboard/shared/live-value';

import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/notify';
import { useSaveLiveKey } from '../api/live-mutations';
import type { FieldErrors } from '../../../lib/field-errors';
import { type KeyFields, buildKey, moveItem, newRule } from '../lib/key-form';
import { ProblemsAlert } from '../../../components/live-config/problems-alert';
import { RuleCard } from './rule-card';
import { ValueField } from '../../../components/live-config/value-field';

interface KeyEditorProps {
  projectId: string;
  initial: KeyFields;
  /** A new key; otherwise its name is fixed. */
  isNew: boolean;
  onDone: () => void;
}

/** Creates or edits a key of the draft: its type, default, description and rules in order. */
export function KeyEditor({ projectId, initial, isNew, onDone }: KeyEditorProps) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveLiveKey(projectId);
  const set = (patch: Partial<KeyFields>) => setFields((current) => ({ ...current, ...patch }));
  const title = isNew ? 'New key' : `Edit key ${initial.name}`;

  const submit = () => {
    const built = buildKey(fields);
    setFailure(null);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { key: built.body, isNew },
      {
        onSuccess: (key) => {
          notify.success(isNew ? `Key "${key.name}" added to the draft` : `Key "${key.name}" saved in the draft`);
          onDone();
        },
        onError: setFailure,
      },
    );
  };

  const changeType = (type: LiveValueType) =>
    set({ type, defaultValue: type === 'boolean' ? 'false' : '', rules: fields.rules.map((rule) => ({ ...rule, value: type === 'boolean' ? 'true' : '' })) });

  return (
    <form
      aria-label={title}
      noValidate
      className="flex flex-col gap-4 rounded-xl border p-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 className="text-base font-semibold">{title}</h3>
      <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
        <TextField
          id={`${id}-name`}
          label="Key name"
          value={fields.name}
          disabled={!isNew}
          autoComplete="off"
          spellCheck={false}
          placeholder="shop.discount"
          description={isNew ? 'Letters, digits, _, . and -; what the game asks for' : 'A key keeps its name; delete it and add another to rename'}
          error={errors.name}
          onChange={(event) => set({ name: event.target.value })}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-type`}>Type</Label>
          <Select id={`${id}-type`} value={fields.type} onChange={(event) => changeType(event.target.value as LiveValueType)}>
            {liveValueTypes.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <ValueField label="Default value" type={fields.type} value={fields.defaultValue} error={errors.defaultValue} onChange={(defaultValue) => set({ defaultValue })} />
      <TextAreaField
        id={`${id}-description`}
        label="Description"
        value={fields.description}
        className="[&_textarea]:min-h-16"
        error={errors.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <section aria-label="Rules" className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold">Rules</h4>
          <p className="text-sm text-pretty text-muted-foreground">{liveDefinition('rules').definition}</p>
        </div>
        {fields.rules.length > 0 && (
          <ol className="flex flex-col gap-3">
            {fields.rules.map((rule, index) => (
              <RuleCard
                key={rule.rowKey}
                index={index}
                count={fields.rules.length}
                rule={rule}
                type={fields.type}
                errors={errors}
                onChange={(next) => set({ rules: fields.rules.map((item, at) => (at === index ? next : item)) })}
                onMove={(step) => set({ rules: moveItem(fields.rules, index, step) })}
                onRemove={() => set({ rules: fields.rules.filter((_, at) => at !== index) })}
              />
            ))}
          </ol>
        )}
        <div>
          <Button variant="outline" size="sm" onClick={() => set({ rules: [...fields.rules, newRule(fields.type)] })}>
            <Plus aria-hidden="true" className="size-4" />
            Add rule
          </Button>
        </div>
      </section>
      {failure !== null && <ProblemsAlert error={failure} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={save.isPending} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {isNew ? 'Add key' : 'Save key'}
        </Button>
      </div>
    </form>
  );
}
