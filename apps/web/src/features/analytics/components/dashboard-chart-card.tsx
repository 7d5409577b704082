import { ArrowDown, ArrowUp, ExternalLink, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { DashboardChart } from '@questboard/shared/analytics-dashboard';

import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { getErrorMessage } from '../../../lib/api-error';
import { useExplore } from '../api/use-analytics';
import { canMove } from '../lib/dashboard-order';
import { hourlyRefusal, pinnedChartSummary, pinnedExploreParams } from '../lib/explore-controls';
import { ExploreChart } from './explore-chart';

export interface DashboardChartCardProps {
  projectId: string;
  chart: DashboardChart;
  range: { from: string; to: string };
  /** The explorer with this chart's query, over the dashboard's range. */
  explorerHref: string;
  position: number;
  count: number;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}

/** A pinned chart: its stored query run over the dashboard's range, with its move and remove buttons. */
export function DashboardChartCard({
  projectId,
  chart,
  range,
  explorerHref,
  position,
  count,
  onMove,
  onRemove,
}: DashboardChartCardProps) {
  const headingId = useId();
  // An hourly chart is drawn over at most 7 days of the dashboard's range (ADR 026).
  const hourlyProblem = hourlyRefusal({ hourly: chart.query.granularity === 'hour' }, range);
  const params = hourlyProblem === null ? pinnedExploreParams(chart.query, range) : null;
  const answer = useExplore(projectId, params ?? {}, { enabled: params !== null });
  const first = !canMove(position, count, -1);
  const last = !canMove(position, count, 1);

  return (
    <Card className="flex min-w-0 flex-col gap-4 p-5">
      <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={headingId} className="text-base font-semibold tracking-tight break-words">
              {chart.title}
            </h2>
            <p className="text-xs text-muted-foreground">{pinnedChartSummary(chart)}</p>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <MoveButton title={chart.title} offset={-1} atEnd={first} onMove={onMove} />
            <MoveButton title={chart.title} offset={1} atEnd={last} onMove={onMove} />
            <Link
              to={explorerHref}
              aria-label={`Open “${chart.title}” in Analytics`}
              className={buttonClasses('ghost', 'icon')}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
            </Link>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove “${chart.title}”`}
              className="text-destructive"
              onClick={onRemove}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </div>
        {hourlyProblem !== null ? (
          <p className="text-sm text-muted-foreground">{hourlyProblem}</p>
        ) : params === null ? (
          <p className="text-sm text-muted-foreground">
            This chart has no property to sum or average. Remove it and pin it again.
          </p>
        ) : answer.isPending ? (
          <div
            role="status"
            aria-label={`Loading ${chart.title}...`}
            className="h-60 animate-pulse rounded-lg bg-muted motion-reduce:animate-none"
          />
        ) : answer.isError ? (
          <LoadError
            message={getErrorMessage(answer.error, 'This chart could not be loaded.')}
            onRetry={() => void answer.refetch()}
          />
        ) : (
          <ExploreChart
            answer={answer.data}
            chartType={chart.chartType}
            measure={chart.query.measure}
            granularity={chart.query.granularity}
            label={chart.title}
            height={240}
          />
        )}
      </section>
    </Card>
  );
}

/**
 * Moves the chart one place up or down. aria-disabled, not disabled, at the end of the list: the
 * button keeps focus when its chart reaches an end.
 */
function MoveButton({ title, offset, atEnd, onMove }: { title: string; offset: -1 | 1; atEnd: boolean; onMove: (offset: -1 | 1) => void }) {
  const Arrow = offset === -1 ? ArrowUp : ArrowDown;
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`Move “${title}” ${offset === -1 ? 'up' : 'down'}`}
      aria-disabled={atEnd}
      className="aria-disabled:cursor-not-allowed aria-disabled:opacity-40"
      onClick={() => {
        if (!atEnd) onMove(offset);
      }}
    >
      <Arrow aria-hidden="true" className="size-4" />
    </Button>
  );
}
