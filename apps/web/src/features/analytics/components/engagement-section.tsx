import type { Granularity } from '@questboard/shared/analytics-view';
import type { SeriesPoint } from '@questboard/shared/analytics-answer-parts';
import type { Engagement } from '@questboard/shared/analytics-answers';

import { formatCount, formatDecimal, formatDuration } from '../lib/format';
import { bucketLabel } from '../lib/incomplete-buckets';
import { incompletePoints } from '../lib/overview-comparison';
import { SectionCard } from '../../../components/ui/section-card';
import { categoryBarOption } from './category-bar-option';
import { Chart } from './chart';
import { lineOrBarOption, type ValueFormat } from './chart-options';
import { MetricCard } from './metric-card';
import { MetricGroup } from './metric-group';

/** Sessions, average and median session length, and sessions per DAU over the range. */
export function EngagementTotals({ engagement }: { engagement: Engagement }) {
  const { totals, series } = engagement;
  const soFar = incompletePoints(series, engagement.incomplete);
  return (
    <MetricGroup title="Engagement totals" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      <MetricCard
        label="Sessions"
        value={totals.sessions}
        format={formatCount}
        definition="session"
        points={series.map((point) => point.sessions)}
        incompletePoints={soFar}
      />
      <MetricCard
        label="Average session length"
        value={totals.averageSessionLength}
        format={formatDuration}
        definition="session-length"
        points={series.map((point) => point.averageSessionLength)}
        incompletePoints={soFar}
      />
      <MetricCard
        label="Median session length"
        value={totals.medianSessionLength}
        format={formatDuration}
        help="Half of the sessions in the range are shorter than this, half longer. Less swayed by a few very long sessions than the average."
      />
      <MetricCard
        label="Sessions per DAU"
        value={totals.sessionsPerDau}
        format={formatDecimal}
        help="Sessions divided by the daily active users summed over the same days: how often an active player comes back in a day."
        points={series.map((point) => point.sessionsPerDau)}
        incompletePoints={soFar}
      />
    </MetricGroup>
  );
}

/** How long sessions last: how many sessions fall in each length bucket. */
export function SessionLengthDistribution({ engagement }: { engagement: Engagement }) {
  const buckets = engagement.sessionLength;
  return (
    <SectionCard
      title="Session length"
      description="Sessions of the range by how long they lasted (last minus first event)."
    >
      <Chart
        ariaLabel="Sessions by session length"
        height={260}
        option={categoryBarOption({
          name: 'Sessions',
          categories: buckets.map((bucket) => bucket.label),
          values: buckets.map((bucket) => bucket.sessions),
          valueFormat: formatCount,
        })}
        table={{
          columns: ['Session length', 'Sessions'],
          rows: buckets.map((bucket) => [bucket.label, formatCount(bucket.sessions)]),
        }}
      />
    </SectionCard>
  );
}

/** Sessions per DAU and the average session length per bucket of the range. */
export function EngagementOverTime({ engagement, granularity }: { engagement: Engagement; granularity: Granularity }) {
  const { series } = engagement;
  return (
    <SectionCard
      title="Engagement over time"
      description="How often and how long active players play, per bucket of the range."
    >
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TrendChart
          title="Sessions per DAU"
          points={series.map((point) => ({ date: point.date, value: point.sessionsPerDau }))}
          format={formatDecimal}
          granularity={granularity}
          incomplete={engagement.incomplete}
        />
        <TrendChart
          title="Average session length"
          points={series.map((point) => ({ date: point.date, value: point.averageSessionLength }))}
          format={formatDuration}
          durationAxis
          granularity={granularity}
          incomplete={engagement.incomplete}
        />
      </div>
    </SectionCard>
  );
}

/** One measure over the range's buckets, with its heading and its data table. */
function TrendChart({
  title,
  points,
  format,
  durationAxis = false,
  granularity,
  incomplete,
}: {
  title: string;
  points: SeriesPoint[];
  format: ValueFormat;
  durationAxis?: boolean;
  granularity: Granularity;
  incomplete: readonly string[];
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
      <Chart
        ariaLabel={`${title} over time`}
        height={220}
        option={lineOrBarOption({ series: [{ name: title, points }], valueFormat: format, durationAxis, granularity, area: true, incomplete })}
        table={{
          columns: ['Date', title],
          rows: points.map((point) => [bucketLabel(point.date, granularity, incomplete), format(point.value)]),
        }}
      />
    </div>
  );
}
