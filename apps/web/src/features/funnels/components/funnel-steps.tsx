import type { Funnel, FunnelStepInput } from '@questboard/shared/analytics-funnels';

import { Button } from '../../../components/ui/button';
import { formatCount, formatDuration, formatShare } from '../lib/funnel-format';

interface FunnelStepsProps {
  funnel: Funnel;
  steps: FunnelStepInput[];
  order: 'strict' | 'any';
  onShowDropped: (step: number) => void;
}

export const stepName = (step: FunnelStepInput, index: number, order: 'strict' | 'any') =>
  order === 'any'
    ? `${index + 1} ${index === 0 ? 'step' : 'steps'} of any order done`
    : `${index + 1}. ${step.event}${(step.filters ?? []).length > 0 ? ` (${(step.filters ?? []).map((filter) => filter.property).join(', ')})` : ''}`;

/** The funnel as bars (share of the first step) and its figures per step, in one list. */
export function FunnelSteps({ funnel, steps, order, onShowDropped }: FunnelStepsProps) {
  return (
    <ol className="space-y-3" aria-label="Funnel steps and conversion">
      {funnel.steps.map((step, index) => {
        const share = step.fromFirst ?? 0;
        const definition = steps[index];
        const name = definition ? stepName(definition, index, order) : `Step ${index + 1}`;
        return (
          <li key={index} className="rounded-lg border border-border p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <span className="min-w-0 font-medium break-words">{name}</span>
              <span className="text-sm tabular-nums">
                <span className="font-semibold">{formatCount(step.players)}</span> players ·{' '}
                {formatShare(step.fromFirst)} of step 1
              </span>
            </div>
            <div className="mt-2 h-3 w-full overflow-hidden rounded bg-muted" aria-hidden="true">
              <div
                className="h-full rounded bg-primary"
                style={{ width: `${Math.max(0, Math.min(1, share)) * 100}%` }}
              />
            </div>
            {index > 0 && (
              <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-muted-foreground sm:grid-cols-4">
                <div>
                  <dt className="inline">From the step before: </dt>
                  <dd className="inline font-medium text-foreground tabular-nums">{formatShare(step.fromPrevious)}</dd>
                </div>
                <div>
                  <dt className="inline">Dropped: </dt>
                  <dd className="inline font-medium text-foreground tabular-nums">{formatCount(step.dropped)}</dd>
                </div>
                <div>
                  <dt className="inline">Median time: </dt>
                  <dd className="inline font-medium text-foreground tabular-nums">
                    {formatDuration(step.medianSeconds)}
                  </dd>
                </div>
                <div>
                  <dt className="inline">90th percentile: </dt>
                  <dd className="inline font-medium text-foreground tabular-nums">{formatDuration(step.p90Seconds)}</dd>
                </div>
              </dl>
            )}
            {index > 0 && step.dropped > 0 && (
              <Button variant="outline" size="sm" className="mt-2" onClick={() => onShowDropped(index + 1)}>
                Show the {formatCount(step.dropped)} players who dropped at step {index + 1}
              </Button>
            )}
          </li>
        );
      })}
    </ol>
  );
}
