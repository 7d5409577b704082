import { useMemo } from 'react';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';
import type { Project } from '@questboard/shared/projects';

import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { useRevenue } from '../api/use-analytics';
import { AnalyticsEmpty } from '../components/analytics-empty';
import { AnalyticsPage } from '../components/analytics-page';
import { SectionCard } from '../../../components/ui/section-card';
import { AnalyticsSkeleton } from '../components/analytics-skeleton';
import { Chart } from '../components/chart';
import { lineOrBarOption } from '../components/chart-options';
import { ExcludedPurchasesNote } from '../components/excluded-purchases-note';
import { LtvSection } from '../components/ltv-section';
import { MetricCard } from '../components/metric-card';
import { MetricGroup } from '../components/metric-group';
import { TopProducts } from '../components/top-products';
import { UpdatingNote } from '../components/updating-note';
import { formatCount, formatMoney, formatPercent, formatRange } from '../lib/format';
import { bucketLabel } from '../lib/incomplete-buckets';
import { incompletePoints } from '../lib/overview-comparison';
import { type AnalyticsView, hasFilters, useAnalyticsView } from '../view/analytics-view';

// /project/{identifier}/revenue-optimisation: what players pay — totals, per day, per product, and
// the cumulative lifetime value of each install cohort (docs/decisions/010 "Revenue").
function RevenueOptimisationRoute() {
  return (
    <AnalyticsPage
      title={projectPages.revenueOptimisation.title}
      description="Where the money comes from: revenue, paying players and conversion, the products that sell, and how much an installed player is worth after N days."
    >
      {(project) => <RevenueContent project={project} />}
    </AnalyticsPage>
  );
}

function RevenueContent({ project }: { project: Project }) {
  const { view, apiParams } = useAnalyticsView();
  const revenue = useRevenue(project.id, apiParams);

  if (revenue.isPending) return <AnalyticsSkeleton label="Loading revenue..." cards={6} charts={2} />;
  if (revenue.isError) {
    return <LoadError message={getErrorMessage(revenue.error, 'Failed to load revenue')} onRetry={() => void revenue.refetch()} />;
  }
  const data = revenue.data;
  if (data.totals.activeUsers === 0 && !revenue.isPlaceholderData) {
    return <AnalyticsEmpty projectSlug={project.identifier} range={view} filtered={hasFilters(view)} />;
  }
  const money = (value: number | null) => formatMoney(value, data.currency);
  const count = (value: number | null) => formatCount(value);
  const soFar = incompletePoints(data.series, data.incomplete);
  return (
    <div aria-busy={revenue.isPlaceholderData} className="flex flex-col gap-6">
      <UpdatingNote updating={revenue.isPlaceholderData} />
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">
          {data.totals.transactions > 0 || data.excludedPurchases.length > 0
            ? `Amounts in ${data.currency}, the project's reporting currency: purchases in other currencies are converted with the rates in the project settings.`
            : `No purchases in this range: a purchase is an event with a revenue_amount above 0. Amounts are in ${data.currency}, the project's reporting currency.`}
        </p>
        <ExcludedPurchasesNote excluded={data.excludedPurchases} />
      </div>
      <MetricGroup title="Revenue totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <MetricCard label="Revenue" value={data.totals.revenue} format={money} definition="revenue" points={data.series.map((point) => point.revenue)} incompletePoints={soFar} />
        <MetricCard label="ARPDAU" value={data.totals.arpdau} format={money} definition="arpdau" points={data.series.map((point) => point.arpdau)} incompletePoints={soFar} />
        <MetricCard label="ARPPU" value={data.totals.arppu} format={money} definition="arppu" />
        <MetricCard
          label="Paying conversion"
          value={data.totals.payingConversion}
          format={(value) => formatPercent(value)}
          definition="paying-conversion"
          detail={`${formatCount(data.totals.payingUsers)} of ${formatCount(data.totals.activeUsers)} active users`}
        />
        <MetricCard label="Transactions" value={data.totals.transactions} format={count} help="Purchases: events with a revenue_amount above 0, counted when in the reporting currency or one with a rate." points={data.series.map((point) => point.transactions)} incompletePoints={soFar} />
        <MetricCard label="Paying users" value={data.totals.payingUsers} format={count} help="Distinct users with at least one transaction in the range." />
      </MetricGroup>
      <RevenueChart revenue={data} view={view} />
      <TopProducts products={data.topProducts} currency={data.currency} total={data.totals.revenue} />
      <LtvSection ltv={data.ltv} currency={data.currency} granularity={view.granularity} />
    </div>
  );
}

function RevenueChart({ revenue, view }: { revenue: Revenue; view: AnalyticsView }) {
  const money = (value: number | null) => formatMoney(value, revenue.currency);
  const option = useMemo(
    () =>
      lineOrBarOption({
        series: [
          { name: 'Revenue', kind: 'bar', points: revenue.series.map((point) => ({ date: point.date, value: point.revenue })) },
          { name: 'ARPDAU', kind: 'line', secondAxis: true, points: revenue.series.map((point) => ({ date: point.date, value: point.arpdau })) },
        ],
        granularity: view.granularity,
        valueFormat: (value) => formatMoney(value, null),
        incomplete: revenue.incomplete,
      }),
    [revenue.series, view.granularity, revenue.incomplete],
  );
  const unit = ` (${revenue.currency})`;
  return (
    <SectionCard title={`Revenue and ARPDAU${unit}`} description="Bars: revenue of each day (or week, month), left axis. Line: ARPDAU, right axis.">
      <Chart
        option={option}
        ariaLabel={`Revenue and ARPDAU${unit}, ${formatRange(view.from, view.to)}`}
        table={{
          columns: ['Date', 'Revenue', 'ARPDAU', 'Transactions', 'Paying users'],
          rows: revenue.series.map((point) => [
            bucketLabel(point.date, view.granularity, revenue.incomplete),
            money(point.revenue),
            money(point.arpdau),
            formatCount(point.transactions),
            formatCount(point.payingUsers),
          ]),
        }}
      />
    </SectionCard>
  );
}

export { RevenueOptimisationRoute as Component };
