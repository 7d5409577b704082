import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { useId, useState } from 'react';
import {
  FUNNEL_MIN_STEPS,
  funnelOperators,
  operatorLabels,
  type FunnelOperator,
  type FunnelStepInput,
} from '@questboard/shared/analytics-funnels';

import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { canAddFilter, canAddStep, draftSteps, moveStep, stepDrafts, type StepDraft } from '../lib/step-drafts';

interface StepBuilderProps {
  steps: FunnelStepInput[];
  /** Event names of the range, with their property keys: suggestions only, any name may be typed. */
  events: { name: string; propertyKeys: string[] }[];
  onApply: (steps: FunnelStepInput[]) => void;
}

/** The funnel's steps in order: an event name each, with property filters; Apply puts them in the address. */
export function StepBuilder({ steps, events, onApply }: StepBuilderProps) {
  const [drafts, setDrafts] = useState<StepDraft[]>(() => stepDrafts(steps));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const update = (index: number, change: (draft: StepDraft) => StepDraft) =>
    setDrafts((current) => current.map((draft, at) => (at === index ? change(draft) : draft)));

  const submit = () => {
    const result = draftSteps(drafts);
    if ('problem' in result) {
      setProblem(result.problem);
      return;
    }
    setProblem(null);
    onApply(result.steps);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-label="Funnel steps"
      className="space-y-3"
    >
      <datalist id={`${id}-events`}>
        {events.map((item) => (
          <option key={item.name} value={item.name} />
        ))}
      </datalist>
      <ol className="space-y-3">
        {drafts.map((draft, index) => {
          const label = `Step ${index + 1}`;
          const keys = events.find((item) => item.name === draft.event.trim())?.propertyKeys ?? [];
          return (
            <li key={index} className="rounded-lg border border-border p-3">
              <div className="flex flex-wrap items-end gap-2">
                <label className="min-w-0 flex-1 basis-48 text-sm font-medium">
                  {label} event
                  <Input
                    className="mt-1"
                    list={`${id}-events`}
                    value={draft.event}
                    placeholder="e.g. tutorial_step"
                    onChange={(change) => update(index, (current) => ({ ...current, event: change.target.value }))}
                  />
                </label>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${label.toLowerCase()} up`}
                    disabled={index === 0}
                    onClick={() => setDrafts((current) => moveStep(current, index, -1))}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move ${label.toLowerCase()} down`}
                    disabled={index === drafts.length - 1}
                    onClick={() => setDrafts((current) => moveStep(current, index, 1))}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${label.toLowerCase()}`}
                    disabled={drafts.length <= FUNNEL_MIN_STEPS}
                    onClick={() => setDrafts((current) => current.filter((_, at) => at !== index))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
              </div>
              <datalist id={`${id}-keys-${index}`}>
                {keys.map((key) => (
                  <option key={key} value={key} />
                ))}
              </datalist>
              {draft.filters.map((filter, at) => {
                const filterLabel = `${label} filter ${at + 1}`;
                const setFilter = (change: Partial<typeof filter>) =>
                  update(index, (current) => ({
                    ...current,
                    filters: current.filters.map((item, which) => (which === at ? { ...item, ...change } : item)),
                  }));
                return (
                  <fieldset key={at} className="mt-2 flex flex-wrap items-end gap-2">
                    <legend className="sr-only">{filterLabel}</legend>
                    <label className="min-w-0 flex-1 basis-28 text-xs text-muted-foreground">
                      Property
                      <Input
                        className="mt-1"
                        list={`${id}-keys-${index}`}
                        aria-label={`${filterLabel} property`}
                        value={filter.property}
                        onChange={(change) => setFilter({ property: change.target.value })}
                      />
                    </label>
                    <label className="text-xs text-muted-foreground">
                      Operator
                      <Select
                        className="mt-1 flex w-36"
                        aria-label={`${filterLabel} operator`}
                        value={filter.operator}
                        onChange={(change) => setFilter({ operator: change.target.value as FunnelOperator })}
                      >
                        {funnelOperators.map((operator) => (
                          <option key={operator} value={operator}>
                            {operatorLabels[operator]}
                          </option>
                        ))}
                      </Select>
                    </label>
                    <label className="min-w-0 flex-1 basis-28 text-xs text-muted-foreground">
                      {filter.operator === 'in' ? 'Values (comma-separated)' : 'Value'}
                      <Input
                        className="mt-1"
                        aria-label={`${filterLabel} value`}
                        value={filter.value}
                        onChange={(change) => setFilter({ value: change.target.value })}
                      />
                    </label>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove ${filterLabel.toLowerCase()}`}
                      onClick={() =>
                        update(index, (current) => ({
                          ...current,
                          filters: current.filters.filter((_, which) => which !== at),
                        }))
                      }
                    >
                      <X aria-hidden="true" />
                    </Button>
                  </fieldset>
                );
              })}
              {canAddFilter(draft) && (
                <Button
                  variant="ghost"
                  size="sm"
                  className="mt-2"
                  onClick={() =>
                    update(index, (current) => ({
                      ...current,
                      filters: [...current.filters, { property: '', operator: 'eq', value: '' }],
                    }))
                  }
                >
                  <Plus aria-hidden="true" className="size-4" /> Add a filter to {label.toLowerCase()}
                </Button>
              )}
            </li>
          );
        })}
      </ol>
      {problem && (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {canAddStep(drafts) && (
          <Button variant="outline" onClick={() => setDrafts((current) => [...current, { event: '', filters: [] }])}>
            <Plus aria-hidden="true" className="size-4" /> Add a step
          </Button>
        )}
        <Button type="submit">Show funnel</Button>
      </div>
    </form>
  );
}
