import { Plus, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { EXPERIMENT_SECONDARY_METRICS_MAX, type Experiment } from '@questboard/shared/experiments-api';
import { MAX_EXPERIMENT_VARIANTS } from '@questboard/shared/experiments-assignment';
import { experimentStatisticDefinitions } from '@questboard/shared/experiments-metrics';
import type { LiveKey } from '@questboard/shared/live-config';

import { ConditionList } from '../../../components/live-config/condition-list';
import { ProblemsAlert } from '../../../components/live-config/problems-alert';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import type { FieldErrors } from '../../../lib/field-errors';
import { notify } from '../../../lib/notify';
import { useSaveExperiment } from '../api/experiments-api';
import { buildExperiment, type ExperimentFields, newMetric, newVariant, sampleSizeOf, statisticOf } from '../lib/experiment-form';
import { formatPlayers } from '../lib/result-format';
import { MetricEditor } from './metric-editor';
import { VariantEditor } from './variant-editor';

interface ExperimentFormProps {
  projectId: string;
  initial: ExperimentFields;
  /** The draft being edited (its key cannot change); null for a new one. */
  existingKey: string | null;
  /** The published config's keys, which variants may override. */
  liveKeys: readonly LiveKey[];
  onSaved: (experiment: Experiment) => void;
  onCancel: () => void;
}

const sampleSizeDefinition = experimentStatisticDefinitions.find((definition) => definition.key === 'sample-size')?.definition;

/** Creates a draft or changes one: what each variant gets, who takes part, the metrics and the sample size. */
export function ExperimentForm({ projectId, initial, existingKey, liveKeys, onSaved, onCancel }: ExperimentFormProps) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveExperiment(projectId);
  const set = (patch: Partial<ExperimentFields>) => setFields((current) => ({ ...current, ...patch }));
  const keyTypes = new Map(liveKeys.map((key) => [key.name, key.type]));
  const title = existingKey === null ? 'New experiment' : `Edit ${existingKey}`;
  const share = statisticOf(fields.primary.kind) === 'proportion';
  const size = sampleSizeOf(fields);

  const submit = () => {
    setFailure(null);
    const built = buildExperiment(fields, keyTypes);
    if (!built.ok) {
      setErrors(built.errors);
      return;
    }
    setErrors({});
    save.mutate(
      { body: built.body, existingKey },
      {
        onSuccess: (experiment) => {
          notify.success(existingKey === null ? `Draft ${experiment.key} created` : `Draft ${experiment.key} saved`);
          onSaved(experiment);
        },
        onError: setFailure,
      },
    );
  };

  const errorCount = Object.keys(errors).length;
  return (
    <form
      aria-label={title}
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 className="text-lg font-semibold tracking-tight">{title}</h2>
      <Part title="About">
        <TextField
          id={`${id}-key`}
          label="Experiment key"
          value={fields.key}
          disabled={existingKey !== null}
          autoComplete="off"
          spellCheck={false}
          placeholder="easier-level-3"
          description={existingKey === null ? 'Lower-case letters, digits, - and _: what exposure events carry' : 'An experiment keeps its key'}
          error={errors.key}
          onChange={(event) => set({ key: event.target.value })}
        />
        <TextAreaField
          id={`${id}-hypothesis`}
          label="Hypothesis"
          value={fields.hypothesis}
          className="[&_textarea]:min-h-16"
          placeholder="An easier level 3 keeps more new players to day 7."
          error={errors.hypothesis}
          onChange={(event) => set({ hypothesis: event.target.value })}
        />
      </Part>

      <Part title="Variants" description="The control first. A variant's share of the players is its weight over the sum of the weights; weights cannot change once it runs.">
        <ol aria-label="Variants" className="flex flex-col gap-3">
          {fields.variants.map((variant, index) => (
            <VariantEditor
              key={variant.rowKey}
              index={index}
              variant={variant}
              liveKeys={liveKeys}
              errors={errors}
              onChange={(next) => set({ variants: fields.variants.map((item, at) => (at === index ? next : item)) })}
              onRemove={index === 0 || fields.variants.length <= 2 ? undefined : () => set({ variants: fields.variants.filter((_, at) => at !== index) })}
            />
          ))}
        </ol>
        {errors.variants && <p className="text-sm text-destructive">{errors.variants}</p>}
        {liveKeys.length === 0 && <p className="text-sm text-muted-foreground">Nothing is published yet: publish config keys on the live-ops page, then give variants their values.</p>}
        <div>
          <Button variant="outline" size="sm" disabled={fields.variants.length >= MAX_EXPERIMENT_VARIANTS} onClick={() => set({ variants: [...fields.variants, newVariant(fields.variants.length)] })}>
            <Plus aria-hidden="true" className="size-4" />
            Add variant
          </Button>
        </div>
      </Part>

      <Part title="Who takes part" description="Targeting decides who may enter (every condition must match); the audience share takes that share of them.">
        <ConditionList owner="Targeting" conditions={fields.targeting} onChange={(targeting) => set({ targeting })} errors={errors} errorPath="targeting" />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-audience`}
            label="Audience share (%)"
            inputMode="decimal"
            autoComplete="off"
            value={fields.audience}
            description="0.01 to 100, two decimals"
            error={errors.audiencePercentage}
            onChange={(event) => set({ audience: event.target.value })}
          />
          <TextField
            id={`${id}-layer`}
            label="Layer (optional)"
            autoComplete="off"
            spellCheck={false}
            value={fields.layer}
            description="Experiments in the same layer never share a player"
            error={errors.layer}
            onChange={(event) => set({ layer: event.target.value })}
          />
        </div>
      </Part>

      <Part title="Metrics" description="The primary metric decides the verdict; secondary metrics are reported beside it.">
        <MetricEditor label="Primary metric" metric={fields.primary} onChange={(primary) => set({ primary })} errors={errors} errorPath="primaryMetric" />
        <div className="flex items-center gap-2">
          <input
            id={`${id}-higher`}
            type="checkbox"
            className="size-4 accent-primary"
            checked={fields.higherIsBetter}
            onChange={(event) => set({ higherIsBetter: event.target.checked })}
          />
          <Label htmlFor={`${id}-higher`}>Higher is better</Label>
        </div>
        {fields.secondary.length > 0 && (
          <ol aria-label="Secondary metrics" className="flex flex-col gap-3">
            {fields.secondary.map((metric, index) => (
              <li key={metric.rowKey} className="flex items-start gap-2 rounded-xl border p-3">
                <div className="min-w-0 flex-1">
                  <MetricEditor
                    label={`Secondary metric ${index + 1}`}
                    metric={metric}
                    onChange={(next) => set({ secondary: fields.secondary.map((item, at) => (at === index ? next : item)) })}
                    errors={errors}
                    errorPath={`secondaryMetrics.${index}`}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove secondary metric ${index + 1}`}
                  title="Remove metric"
                  onClick={() => set({ secondary: fields.secondary.filter((_, at) => at !== index) })}
                >
                  <X aria-hidden="true" className="size-4" />
                </Button>
              </li>
            ))}
          </ol>
        )}
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={fields.secondary.length >= EXPERIMENT_SECONDARY_METRICS_MAX}
            onClick={() => set({ secondary: [...fields.secondary, newMetric('payer-conversion')] })}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add secondary metric
          </Button>
        </div>
      </Part>

      <Part title="Sample size" description={sampleSizeDefinition}>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-baseline`}
            label={share ? 'Control rate (%)' : 'Standard deviation per player'}
            inputMode="decimal"
            autoComplete="off"
            value={fields.baseline}
            description={share ? 'The primary metric today, e.g. 40 for 40% D1 retention' : 'Of the primary metric, in its unit'}
            error={errors.baseline}
            onChange={(event) => set({ baseline: event.target.value })}
          />
          <TextField
            id={`${id}-effect`}
            label={share ? 'Minimum detectable effect (points)' : 'Minimum detectable effect'}
            inputMode="decimal"
            autoComplete="off"
            value={fields.effect}
            description={share ? 'The smallest change worth detecting, e.g. 3 for 40% → 43%' : 'The smallest change worth detecting, in the unit of the metric'}
            error={errors.minimumDetectableEffect}
            onChange={(event) => set({ effect: event.target.value })}
          />
        </div>
        <output htmlFor={`${id}-baseline ${id}-effect`} aria-live="polite" className="rounded-lg bg-muted px-3 py-2 text-sm">
          {size.ok ? (
            <>
              Sample size: <strong className="tabular-nums">{formatPlayers(size.players)} players per variant</strong>
              {size.computed ? '' : ' (as planned; enter the baseline to plan again)'}
            </>
          ) : (
            'Sample size: enter the baseline and the minimum detectable effect'
          )}
        </output>
        {errors.plannedPlayersPerVariant && <p className="text-sm text-destructive">{errors.plannedPlayersPerVariant}</p>}
      </Part>

      {errorCount > 0 && <ErrorAlert>Nothing was saved: {errorCount === 1 ? 'a field needs' : `${errorCount} fields need`} attention (see the messages above).</ErrorAlert>}
      {failure !== null && <ProblemsAlert error={failure} />}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={save.isPending} onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Spinner />}
          {existingKey === null ? 'Create draft' : 'Save draft'}
        </Button>
      </div>
    </form>
  );
}

function Part({ title, description, children }: { title: string; description?: string | undefined; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border bg-card p-4 sm:p-5">
      <div>
        <h3 id={id} className="text-base font-semibold tracking-tight">
          {title}
        </h3>
        {description && <p className="mt-0.5 text-sm text-pretty text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  );
}
