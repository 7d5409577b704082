import { type MetricKey, metricDefinition } from '@questboard/shared/metric-definitions';
import { useId } from 'react';

import { Card } from '../../../components/ui/card';
import { cn } from '../../../utils/cn';
import { type MetricChange, metricChange } from '../lib/format';
import { HelpTip } from './help-tip';
import { Sparkline } from './sparkline';

export interface MetricCardProps {
  label: string;
  value: number | null;
  /** Writes the value with its unit (formatCount, formatPercent, a formatMoney closure...). */
  format: (value: number | null) => string;
  /** The same figure over the previous period; the change is shown when both are known. */
  previous?: number | null;
  /** Ratios change in percentage points, everything else relatively. */
  changeMode?: 'relative' | 'points';
  /** false when a rise is bad news (e.g. churn): the colours swap, the words stay. */
  higherIsBetter?: boolean;
  /** The trend over the range, for the sparkline. */
  points?: (number | null)[];
  /** Which of those points are figures so far (incomplete buckets): their segments are dashed. */
  incompletePoints?: boolean[];
  /** The definition shown as help (packages/shared/src/metric-definitions.ts)... */
  definition?: MetricKey;
  /** ...or a help text of the page's own. */
  help?: string;
  /** A line under the value, e.g. 'over 412 active users'. */
  detail?: string;
  className?: string;
}

/** A headline figure: label, value with its unit, change against the previous period and its trend. */
export function MetricCard({
  label,
  value,
  format,
  previous,
  changeMode = 'relative',
  higherIsBetter = true,
  points,
  incompletePoints,
  definition,
  help,
  detail,
  className,
}: MetricCardProps) {
  const labelId = useId();
  const change = previous === undefined ? null : metricChange(value, previous, changeMode);
  const helpText = definition ? metricDefinition(definition).definition : help;
  return (
    <Card role="group" aria-labelledby={labelId} className={cn('flex min-w-0 flex-col gap-1 p-3 sm:p-4', className)}>
      <div className="flex items-start justify-between gap-2">
        <h3 id={labelId} className="text-sm font-medium text-muted-foreground">
          {label}
        </h3>
        {helpText && <HelpTip about={label} text={helpText} className="-mt-1 -mr-1" />}
      </div>
      <p className="text-xl font-semibold tracking-tight break-words tabular-nums sm:text-2xl" data-testid="metric-value">
        {format(value)}
      </p>
      <div className="flex min-h-5 flex-wrap items-center gap-x-2 text-xs">
        {previous !== undefined && <ChangeText change={change} higherIsBetter={higherIsBetter} />}
        {detail && <span className="text-muted-foreground">{detail}</span>}
      </div>
      {points && <Sparkline points={points} incomplete={incompletePoints} className="mt-1 h-8 w-full text-primary" />}
    </Card>
  );
}

function ChangeText({ change, higherIsBetter }: { change: MetricChange | null; higherIsBetter: boolean }) {
  if (!change) return <span className="text-muted-foreground">No previous figure to compare</span>;
  const good = change.direction === 'flat' ? null : (change.direction === 'up') === higherIsBetter;
  return (
    <span className={cn('font-medium tabular-nums', good === null ? 'text-muted-foreground' : good ? 'text-success' : 'text-destructive')}>
      <span aria-hidden="true">{change.text}</span>
      <span className="sr-only">{change.description}</span>
      <span aria-hidden="true" className="font-normal text-muted-foreground">
        {' '}
        vs previous
      </span>
    </span>
  );
}
