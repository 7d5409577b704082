import { useMemo } from 'react';
import type { Project } from '@questboard/shared/projects';
import { filterDimensions, isoDate, type FilterDimension } from '@questboard/shared/analytics-view';
import type { FunnelStepInput } from '@questboard/shared/analytics-funnels';

import { Card } from '../../../components/ui/card';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { useViewParams } from '../../../hooks/use-view-params';
import { getErrorMessage } from '../../../lib/api-error';
import { useEventNames, useFilterValues, useFunnel } from '../api/use-funnel';
import {
  funnelCallParams,
  readFunnelAddress,
  windowLabel,
  writeFunnelAddress,
  type FunnelAddress,
} from '../lib/funnel-address';
import { DroppedPlayers } from './dropped-players';
import { FunnelBreakdown } from './funnel-breakdown';
import { FunnelSettings } from './funnel-settings';
import { FunnelSteps } from './funnel-steps';
import { FunnelTrend } from './funnel-trend';
import { StepBuilder } from './step-builder';

const breakdownLabel = (address: FunnelAddress) =>
  address.breakdown === 'property'
    ? address.breakdownProperty
    : { none: '', platform: 'Platform', country: 'Country', app_version: 'App version' }[address.breakdown];

/** The funnels page: the steps and settings (in the address), then the funnel, its breakdown, trend and dropped players. */
export function FunnelsPage({ project }: { project: Project }) {
  const [params, setParams] = useViewParams();
  const address = useMemo(() => readFunnelAddress(params, isoDate(new Date())), [params]);
  const callParams = useMemo(() => funnelCallParams(address), [address]);
  const range = { from: address.from, to: address.to };
  const funnel = useFunnel(project.id, callParams);
  const events = useEventNames(project.id, range);
  const filters = useFilterValues(project.id, range);
  const droppedStep = Number(params.get('dropped')) || null;
  const droppedOffset = Math.max(0, Number(params.get('droppedOffset')) || 0);

  const go = (change: Partial<FunnelAddress>, extra: Record<string, string> = {}) => {
    const next = writeFunnelAddress({ ...address, ...change });
    for (const [key, value] of Object.entries(extra)) next.set(key, value);
    setParams(next);
  };
  const filterValues = Object.fromEntries(
    filterDimensions.map((dimension) => [dimension, filters.data?.[dimension] ?? []]),
  ) as Record<FilterDimension, string[]>;
  const stepsKey = JSON.stringify(address.steps);

  return (
    <div className="mt-6 space-y-6">
      <SectionCard
        title="Steps"
        description={
          <>
            2 to 10 events in order, each with optional property filters. A player enters at their first step 1 event in
            the range.
          </>
        }
      >
        <div className="space-y-4">
          <StepBuilder
            key={stepsKey}
            steps={address.steps}
            events={events.data?.events ?? []}
            onApply={(steps: FunnelStepInput[]) => go({ steps })}
          />
          <FunnelSettings
            key={address.window}
            address={address}
            filterValues={filterValues}
            onChange={(change) => go(change)}
          />
        </div>
      </SectionCard>

      {funnel.isPending ? (
        <ListSkeleton label="Counting the funnel..." rows={4} />
      ) : funnel.isError ? (
        <LoadError
          message={getErrorMessage(funnel.error, 'Failed to load the funnel')}
          onRetry={() => void funnel.refetch()}
        />
      ) : (
        <>
          <SectionCard
            title="Conversion"
            description={
              <>
                {address.order === 'strict' ? 'Steps in this order' : 'Steps in any order'}, within{' '}
                {windowLabel(address.window)} of the entry, {address.from} to {address.to} (UTC).
              </>
            }
          >
            <FunnelSteps
              funnel={funnel.data}
              steps={address.steps}
              order={address.order}
              onShowDropped={(step) => go({}, { dropped: String(step), droppedOffset: '0' })}
            />
          </SectionCard>
          {droppedStep !== null && droppedStep >= 2 && droppedStep <= address.steps.length && (
            <Card className="min-w-0 p-4 sm:p-5">
              <div>
                <DroppedPlayers
                  projectId={project.id}
                  projectSlug={project.identifier}
                  params={callParams}
                  step={droppedStep}
                  offset={droppedOffset}
                  onOffset={(offset) => go({}, { dropped: String(droppedStep), droppedOffset: String(offset) })}
                  onClose={() => go({})}
                />
              </div>
            </Card>
          )}
          {address.breakdown !== 'none' && funnel.data.breakdown.length > 0 && (
            <SectionCard
              title={`By ${breakdownLabel(address)}`}
              description={
                <>
                  The value of each player&apos;s entry event
                  {funnel.data.breakdownTruncated ? '; the values beyond the first ten are together under Other' : ''}.
                </>
              }
            >
              <FunnelBreakdown funnel={funnel.data} label={breakdownLabel(address)} />
            </SectionCard>
          )}
          <SectionCard
            title="Conversion over time"
            description={
              <>
                Players who reached the last step, of those who entered, by {address.granularity} of entry. * not over
                yet, or cut by the range.
              </>
            }
          >
            <FunnelTrend funnel={funnel.data} />
          </SectionCard>
        </>
      )}
    </div>
  );
}
