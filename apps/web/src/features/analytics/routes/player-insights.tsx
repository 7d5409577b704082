import type { Project } from '@questboard/shared/projects';

import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { usePlayers } from '../api/use-analytics';
import { AnalyticsEmpty } from '../components/analytics-empty';
import { AnalyticsPage } from '../components/analytics-page';
import { AnalyticsSkeleton } from '../components/analytics-skeleton';
import { BreakdownTable } from '../components/breakdown-table';
import { MetricCard } from '../components/metric-card';
import { MetricGroup } from '../components/metric-group';
import { PlayerLookup } from '../components/player-lookup';
import { ActivePlayersChart, NewReturningChart, StickinessChart } from '../components/players-charts';
import { UpdatingNote } from '../components/updating-note';
import { formatCount, formatPercent } from '../lib/format';
import { incompletePoints } from '../lib/overview-comparison';
import { hasFilters, useAnalyticsView } from '../view/analytics-view';

// /project/{identifier}/player-insights: who plays — active, new and returning players, how sticky
// the game is, where players come from — and one player's own history (?player=<user id>).
function PlayerInsightsRoute() {
  return (
    <AnalyticsPage
      title={projectPages.playerInsights.title}
      description="Who plays: daily, weekly and monthly active players, new and returning players, stickiness, and where players come from. Look up one player to see their sessions and events."
    >
      {(project) => (
        <>
          <PlayersContent project={project} />
          <PlayerLookup project={project} />
        </>
      )}
    </AnalyticsPage>
  );
}

function PlayersContent({ project }: { project: Project }) {
  const { view, apiParams } = useAnalyticsView();
  const players = usePlayers(project.id, apiParams);

  if (players.isPending) return <AnalyticsSkeleton label="Loading player insights..." cards={5} charts={2} />;
  if (players.isError) {
    return <LoadError message={getErrorMessage(players.error, 'Failed to load player insights')} onRetry={() => void players.refetch()} />;
  }
  const { totals, series, breakdowns } = players.data;
  if (totals.activeUsers === 0 && !players.isPlaceholderData) {
    return <AnalyticsEmpty projectSlug={project.identifier} range={view} filtered={hasFilters(view)} title="No players in this range" />;
  }
  const count = (value: number | null) => formatCount(value);
  return (
    <div aria-busy={players.isPlaceholderData} className="flex flex-col gap-6">
      <UpdatingNote updating={players.isPlaceholderData} />
      <MetricGroup title="Player totals" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        <MetricCard label="Active users" value={totals.activeUsers} format={count} help="Distinct users with at least one event in the range." />
        <MetricCard label="New users" value={totals.newUsers} format={count} definition="new-users" />
        <MetricCard label="Returning users" value={totals.returningUsers} format={count} help="Active users of the range who installed before it." />
        <MetricCard label="Average DAU" value={totals.averageDau} format={count} definition="dau" />
        <MetricCard
          label="Stickiness"
          value={totals.stickiness}
          format={(value) => formatPercent(value)}
          definition="stickiness"
          points={series.map((point) => point.stickiness)}
          incompletePoints={incompletePoints(series, players.data.incomplete)}
        />
      </MetricGroup>
      <ActivePlayersChart series={series} incomplete={players.data.incomplete} view={view} />
      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <NewReturningChart series={series} incomplete={players.data.incomplete} view={view} />
        <StickinessChart series={series} incomplete={players.data.incomplete} view={view} />
      </div>
      <div className="grid min-w-0 gap-6">
        <BreakdownTable title="Platform" rows={breakdowns.platform} activeUsers={totals.activeUsers} />
        <BreakdownTable title="Country" rows={breakdowns.country} activeUsers={totals.activeUsers} />
        <BreakdownTable title="App version" rows={breakdowns.app_version} activeUsers={totals.activeUsers} />
      </div>
    </div>
  );
}

export { PlayerInsightsRoute as Component };
