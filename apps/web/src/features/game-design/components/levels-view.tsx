import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CHURN_QUIET_DAYS, type Levels } from '@questboard/shared/analytics-levels';

import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useLevels } from '../api/game-design-api';
import { formatCount, formatPercent } from '../lib/format';
import { levelFunnelMax, levelFunnelSearch } from '../lib/level-funnel';
import { LevelTable } from './level-table';
import { Figure, type GameDesignViewProps, Loading, type RenderChart } from './parts';

// The levels page's content (docs/product/metrics.md#level-progression): per level, who reached
// it, what they did and who stopped there, as a chart and a sortable table, and the funnel of the
// first levels one click away.

export function LevelsView({ projectId, projectSlug, apiParams, renderChart }: GameDesignViewProps) {
  const levels = useLevels(projectId, apiParams);
  if (levels.isPending) return <Loading label="Loading levels..." />;
  if (levels.isError)
    return (
      <LoadError
        message={getErrorMessage(levels.error, 'Failed to load the levels')}
        onRetry={() => void levels.refetch()}
      />
    );
  const data = levels.data;
  if (data.levels.length === 0) {
    return (
      <SectionCard title="No levels in this range">
        <p className="text-sm text-pretty text-muted-foreground">
          The levels come from level_start, level_complete and level_fail events with a <code>level</code> property (the
          SDK&apos;s <code>progression</code> helpers send them). None match this range and filters
          {data.withoutLevel > 0 ? `; ${formatCount(data.withoutLevel)} came without a level` : ''}.
        </p>
      </SectionCard>
    );
  }
  return (
    <div aria-busy={levels.isPlaceholderData} className="flex flex-col gap-6">
      <LevelSummary levels={data} />
      <LevelChart levels={data} renderChart={renderChart} />
      <LevelFunnelLink levels={data} projectSlug={projectSlug} apiParams={apiParams} />
      <SectionCard
        title="Every level"
        description={`Choose a heading to sort by it. Churned here: their last level seen, and no event of any kind from ${data.quietFrom} to the end of the range (${CHURN_QUIET_DAYS} days).`}
      >
        <LevelTable rows={data.levels} />
        {(data.truncated || data.withoutLevel > 0) && (
          <p className="text-xs text-pretty text-muted-foreground">
            {data.truncated ? `Only the first ${formatCount(data.levels.length)} levels are shown. ` : ''}
            {data.withoutLevel > 0
              ? `${formatCount(data.withoutLevel)} progression events had no level and are not counted.`
              : ''}
          </p>
        )}
      </SectionCard>
    </div>
  );
}

function LevelSummary({ levels }: { levels: Levels }) {
  const rows = levels.levels;
  const sum = (pick: (row: Levels['levels'][number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  const fails = sum((row) => row.fails);
  const ended = fails + sum((row) => row.completes);
  const hardest = [...rows]
    .filter((row) => row.failRate !== null && row.completes + row.fails >= 20)
    .sort((a, b) => (b.failRate ?? 0) - (a.failRate ?? 0))[0];
  const churnedMost = [...rows].sort((a, b) => b.churned - a.churned)[0];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <Figure label="Levels played" value={formatCount(rows.length)} />
      <Figure
        label="Fail rate, all levels"
        value={formatPercent(ended === 0 ? null : fails / ended)}
        detail={`${formatCount(fails)} fails of ${formatCount(ended)} attempts ended`}
      />
      <Figure
        label="Hardest level"
        value={hardest?.level ?? '—'}
        detail={hardest ? `${formatPercent(hardest.failRate)} of attempts fail` : 'At least 20 ended attempts needed'}
      />
      <Figure
        label="Most churned at"
        value={churnedMost && churnedMost.churned > 0 ? churnedMost.level : '—'}
        detail={
          churnedMost && churnedMost.churned > 0
            ? `${formatCount(churnedMost.churned)} players stopped there`
            : 'Nobody churned'
        }
      />
    </div>
  );
}

function LevelChart({ levels, renderChart }: { levels: Levels; renderChart: RenderChart }) {
  const option = useMemo(() => {
    const names = levels.levels.map((row) => row.level);
    return {
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: names, name: 'Level', nameLocation: 'middle', nameGap: 28 },
      yAxis: [
        { type: 'value', minInterval: 1 },
        {
          type: 'value',
          min: 0,
          max: 1,
          axisLabel: { formatter: (value: number) => `${Math.round(value * 100)}%` },
          splitLine: { show: false },
        },
      ],
      dataZoom: names.length > 40 ? [{ type: 'inside', start: 0, end: Math.min(100, (40 / names.length) * 100) }] : [],
      series: [
        { name: 'Reached', type: 'bar', data: levels.levels.map((row) => row.players), barMaxWidth: 18 },
        { name: 'Churned here', type: 'bar', data: levels.levels.map((row) => row.churned), barMaxWidth: 18 },
        {
          name: 'Fail rate',
          type: 'line',
          yAxisIndex: 1,
          data: levels.levels.map((row) => row.failRate),
          showSymbol: false,
          connectNulls: true,
        },
      ],
    };
  }, [levels.levels]);
  return (
    <SectionCard
      title="Players and fail rate by level"
      description="Bars: players who reached each level and players who churned there (left axis). Line: the share of ended attempts that failed (right axis)."
    >
      {renderChart({
        option,
        ariaLabel: 'Players who reached and churned at each level, and the fail rate',
        height: 300,
        table: {
          columns: ['Level', 'Reached', 'Churned here', 'Fail rate'],
          rows: levels.levels.map((row) => [
            row.level,
            formatCount(row.players),
            formatCount(row.churned),
            formatPercent(row.failRate),
          ]),
        },
      })}
    </SectionCard>
  );
}

function LevelFunnelLink({
  levels,
  projectSlug,
  apiParams,
}: {
  levels: Levels;
  projectSlug: string;
  apiParams: Record<string, string>;
}) {
  const max = levelFunnelMax(levels.levels);
  const [n, setN] = useState(() => (max === null ? 2 : Math.min(max, 5)));
  const id = useId();
  if (max === null) return null;
  const steps = Math.max(2, Math.min(max, n));
  return (
    <SectionCard
      title="Level funnel"
      description="How many players who completed level 1 went on to complete each next level: opens the funnels page with the steps filled in."
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium">
            Last level
          </label>
          <input
            id={id}
            type="number"
            min={2}
            max={max}
            value={n}
            onChange={(event) => setN(Number(event.target.value) || 2)}
            className="h-10 w-24 rounded-lg border border-input bg-card px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 sm:text-sm"
          />
        </div>
        <Link
          to={`${projectPages.funnels.getHref(projectSlug)}${levelFunnelSearch(steps, apiParams)}`}
          className="inline-flex h-10 items-center rounded-lg bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:ring-3 focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          Open the funnel of levels 1 to {steps}
        </Link>
      </div>
    </SectionCard>
  );
}
