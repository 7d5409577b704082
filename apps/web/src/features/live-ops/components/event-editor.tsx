import { Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import type { LiveKey } from '@questboard/shared/live-config';

import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { notify } from '../../../lib/notify';
import { useSaveLiveEvent } from '../api/live-mutations';
import { type EventFields, buildEvent } from '../lib/event-form';
import type { FieldErrors } from '../../../lib/field-errors';
import { newRowKey } from '../lib/key-form';
import { ConditionList } from '../../../components/live-config/condition-list';
import { ProblemsAlert } from '../../../components/live-config/problems-alert';
import { ValueField } from '../../../components/live-config/value-field';

interface EventEditorProps {
  projectId: string;
  keys: readonly LiveKey[];
  initial: EventFields;
  /** null for a new live event. */
  eventId: string | null;
  onDone: () => void;
}

/** Schedules or changes a live event: a name, a UTC window, who it is for, and the values it overrides. */
export function EventEditor({ projectId, keys, initial, eventId, onDone }: EventEditorProps) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveLiveEvent(projectId);
  const set = (patch: Partial<EventFields>) => setFields((current) => ({ ...current, ...patch }));
  const title = eventId === null ? 'New live event' : `Edit live event ${initial.name}`;
  const typeOf = (name: string) => keys.find((key) => key.name === name)?.type ?? 'string';

  const submit = () => {
    const built = buildEvent(fields, keys);
    setFailure(null);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { event: built.body, eventId },
      {
        onSuccess: (event) => {
          notify.success(`Live event "${event.name}" ${eventId === null ? 'scheduled' : 'saved'} in the draft`);
          onDone();
        },
        onError: setFailure,
      },
    );
  };

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
      <TextField id={`${id}-name`} label="Event name" value={fields.name} autoComplete="off" placeholder="Halloween" error={errors.name} onChange={(event) => set({ name: event.target.value })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-start`} type="datetime-local" label="Start (UTC)" value={fields.startsAt} error={errors.startsAt} onChange={(event) => set({ startsAt: event.target.value })} />
        <TextField id={`${id}-end`} type="datetime-local" label="End (UTC)" value={fields.endsAt} error={errors.endsAt} onChange={(event) => set({ endsAt: event.target.value })} />
      </div>
      <section aria-label="Targeting" className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold">Who it is for</h4>
        <ConditionList owner="Live event" conditions={fields.conditions} onChange={(conditions) => set({ conditions })} errors={errors} errorPath="conditions" />
      </section>
      <section aria-label="Overrides" className="flex flex-col gap-2">
        <h4 className="text-sm font-semibold">Overrides</h4>
        <p className="text-sm text-muted-foreground">While the event is live, these values win over the keys&rsquo; rules for the players it is for.</p>
        <ol className="flex flex-col gap-3">
          {fields.overrides.map((override, index) => (
            <li key={override.rowKey} className="grid items-start gap-3 rounded-lg border p-3 sm:grid-cols-[14rem_1fr_auto]">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${id}-override-${index}`}>{`Override ${index + 1} key`}</Label>
                <Select
                  id={`${id}-override-${index}`}
                  value={override.key}
                  aria-invalid={errors[`overrides.${index}.key`] ? true : undefined}
                  onChange={(event) =>
                    set({ overrides: fields.overrides.map((item, at) => (at === index ? { ...item, key: event.target.value, value: typeOf(event.target.value) === 'boolean' ? 'true' : '' } : item)) })
                  }
                >
                  <option value="">Choose a key</option>
                  {keys.map((key) => (
                    <option key={key.name} value={key.name}>
                      {key.name}
                    </option>
                  ))}
                </Select>
                {errors[`overrides.${index}.key`] && <p className="text-sm text-destructive">{errors[`overrides.${index}.key`]}</p>}
              </div>
              <ValueField
                label={`Override ${index + 1} value`}
                type={typeOf(override.key)}
                value={override.value}
                error={errors[`overrides.${index}.value`]}
                onChange={(value) => set({ overrides: fields.overrides.map((item, at) => (at === index ? { ...item, value } : item)) })}
              />
              <Button
                variant="ghost"
                size="icon"
                className="sm:mt-6"
                aria-label={`Remove override ${index + 1}`}
                title="Remove override"
                disabled={fields.overrides.length === 1}
                onClick={() => set({ overrides: fields.overrides.filter((_, at) => at !== index) })}
              >
                <X aria-hidden="true" className="size-4" />
              </Button>
            </li>
          ))}
        </ol>
        {errors.overrides && <p className="text-sm text-destructive">{errors.overrides}</p>}
        <div>
          <Button variant="outline" size="sm" onClick={() => set({ overrides: [...fields.overrides, { rowKey: newRowKey(), key: '', value: '' }] })}>
            <Plus aria-hidden="true" className="size-4" />
            Add override
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
          {eventId === null ? 'Schedule event' : 'Save event'}
        </Button>
      </div>
    </form>
  );
}
