import { useMemo } from 'react';
import type { Players } from '@questboard/shared/analytics-answers';

import { formatCount, formatPercent, formatRange } from '../lib/format';
import { bucketLabel } from '../lib/incomplete-buckets';
import type { AnalyticsView } from '../view/analytics-view';
import { SectionCard } from '../../../components/ui/section-card';
import { Chart } from './chart';
import { lineOrBarOption } from './chart-options';

type Series = Players['series'];
/** The charts' data: the series and which of its buckets are so far. */
interface ChartProps {
  series: Series;
  incomplete: Players['incomplete'];
  view: AnalyticsView;
}

const rangeText = (view: AnalyticsView) => formatRange(view.from, view.to);

/** DAU (average of the bucket), WAU and MAU (on its last day). */
export function ActivePlayersChart({ series, incomplete, view }: ChartProps) {
  const option = useMemo(
    () =>
      lineOrBarOption({
        series: [
          { name: 'DAU', points: series.map((point) => ({ date: point.date, value: point.dau })) },
          { name: 'WAU', points: series.map((point) => ({ date: point.date, value: point.wau })) },
          { name: 'MAU', points: series.map((point) => ({ date: point.date, value: point.mau })) },
        ],
        granularity: view.granularity,
        incomplete,
      }),
    [series, view.granularity, incomplete],
  );
  return (
    <SectionCard
      title="Active players"
      description={view.granularity === 'day' ? 'DAU, WAU and MAU of each day.' : `Average DAU of each ${view.granularity}; WAU and MAU on its last day.`}
    >
      <Chart
        option={option}
        ariaLabel={`DAU, WAU and MAU, ${rangeText(view)}`}
        table={{
          columns: ['Date', 'DAU', 'WAU', 'MAU'],
          rows: series.map((point) => [bucketLabel(point.date, view.granularity, incomplete), formatCount(point.dau), formatCount(point.wau), formatCount(point.mau)]),
        }}
      />
    </SectionCard>
  );
}

/** New and returning players of each bucket, stacked: together, the bucket's active players. */
export function NewReturningChart({ series, incomplete, view }: ChartProps) {
  const option = useMemo(
    () =>
      lineOrBarOption({
        kind: 'bar',
        series: [
          { name: 'New', stack: 'players', points: series.map((point) => ({ date: point.date, value: point.newUsers })) },
          { name: 'Returning', stack: 'players', points: series.map((point) => ({ date: point.date, value: point.returningUsers })) },
        ],
        granularity: view.granularity,
        incomplete,
      }),
    [series, view.granularity, incomplete],
  );
  return (
    <SectionCard title="New and returning players" description="Returning players installed before the day (or week, month) they played.">
      <Chart
        option={option}
        height={240}
        ariaLabel={`New and returning players, ${rangeText(view)}`}
        table={{
          columns: ['Date', 'New', 'Returning'],
          rows: series.map((point) => [bucketLabel(point.date, view.granularity, incomplete), formatCount(point.newUsers), formatCount(point.returningUsers)]),
        }}
      />
    </SectionCard>
  );
}

/** DAU / MAU over the range. */
export function StickinessChart({ series, incomplete, view }: ChartProps) {
  const percent = (value: number | null) => formatPercent(value, 0);
  const option = useMemo(
    () =>
      lineOrBarOption({
        series: [{ name: 'Stickiness', points: series.map((point) => ({ date: point.date, value: point.stickiness })) }],
        granularity: view.granularity,
        valueFormat: percent,
        area: true,
        incomplete,
      }),
    [series, view.granularity, incomplete],
  );
  return (
    <SectionCard title="Stickiness" description="DAU / MAU: the share of the month's players who play on a given day.">
      <Chart
        option={option}
        height={240}
        ariaLabel={`Stickiness, ${rangeText(view)}`}
        table={{
          columns: ['Date', 'Stickiness'],
          rows: series.map((point) => [bucketLabel(point.date, view.granularity, incomplete), formatPercent(point.stickiness)]),
        }}
      />
    </SectionCard>
  );
}
