import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FUNNEL_CSV_MAX_PLAYERS } from '@questboard/shared/analytics-funnels';

import { Button } from '../../../components/ui/button';
import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { projectPages } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { allFunnelPlayers, useFunnelPlayers } from '../api/use-funnel';
import { droppedPlayersCsv, formatCount } from '../lib/funnel-format';

export const DROPPED_PAGE_SIZE = 50;

interface DroppedPlayersProps {
  projectId: string;
  projectSlug: string;
  params: Record<string, string>;
  step: number;
  offset: number;
  onOffset: (offset: number) => void;
  onClose: () => void;
}

/** A player's timeline: the player insights page's lookup, by address. */
const timelineHref = (projectSlug: string, userId: string) =>
  `${projectPages.playerInsights.getHref(projectSlug)}?${new URLSearchParams({ player: userId }).toString()}`;

/** The players who reached the step before `step` and not `step`: a page at a time, and as CSV. */
export function DroppedPlayers({
  projectId,
  projectSlug,
  params,
  step,
  offset,
  onOffset,
  onClose,
}: DroppedPlayersProps) {
  const answer = useFunnelPlayers(projectId, params, step, offset, DROPPED_PAGE_SIZE);
  const [exporting, setExporting] = useState<string | null>(null);

  const exportCsv = async () => {
    setExporting('Preparing the CSV...');
    try {
      const all = await allFunnelPlayers(projectId, params, step);
      const url = URL.createObjectURL(new Blob([droppedPlayersCsv(all.players, step)], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `funnel-dropped-at-step-${step}.csv`;
      link.click();
      URL.revokeObjectURL(url);
      setExporting(null);
    } catch (error) {
      setExporting(getErrorMessage(error, 'The CSV could not be prepared'));
    }
  };

  const total = answer.data?.total ?? 0;
  return (
    <section aria-labelledby="dropped-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="dropped-title" className="font-semibold">
          Players who dropped at step {step}
        </h3>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={total === 0 || exporting === 'Preparing the CSV...'}
            onClick={() => void exportCsv()}
          >
            <Download aria-hidden="true" className="size-4" /> Export CSV
          </Button>
          <Button variant="ghost" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
      {exporting && (
        <p role="status" className="text-sm text-muted-foreground">
          {exporting}
        </p>
      )}
      {answer.isPending ? (
        <ListSkeleton label="Loading the players..." rows={4} />
      ) : answer.isError ? (
        <LoadError
          message={getErrorMessage(answer.error, 'Failed to load the players')}
          onRetry={() => void answer.refetch()}
        />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {formatCount(total)} reached step {step - 1} and not step {step}
            {total > FUNNEL_CSV_MAX_PLAYERS ? `; the CSV holds the first ${formatCount(FUNNEL_CSV_MAX_PLAYERS)}` : ''}.
            Each links to their timeline.
          </p>
          <ul className="divide-y divide-border rounded-lg border border-border">
            {answer.data.players.map((player) => (
              <li
                key={player.userId}
                className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2 text-sm"
              >
                <Link
                  className="min-w-0 font-medium break-all text-foreground underline underline-offset-2 hover:decoration-2"
                  to={timelineHref(projectSlug, player.userId)}
                >
                  {player.userId}
                </Link>
                <span className="text-xs text-muted-foreground tabular-nums">
                  entered {player.enteredAt.slice(0, 16).replace('T', ' ')} UTC
                </span>
              </li>
            ))}
          </ul>
          <nav aria-label="Dropped players pages" className="flex items-center justify-between gap-2 text-sm">
            <Button
              variant="outline"
              size="sm"
              disabled={offset === 0}
              onClick={() => onOffset(Math.max(0, offset - DROPPED_PAGE_SIZE))}
            >
              Previous
            </Button>
            <span className="tabular-nums text-muted-foreground">
              {total === 0 ? 0 : offset + 1}–{Math.min(total, offset + DROPPED_PAGE_SIZE)} of {formatCount(total)}
            </span>
            <Button
              variant="outline"
              size="sm"
              disabled={offset + DROPPED_PAGE_SIZE >= total}
              onClick={() => onOffset(offset + DROPPED_PAGE_SIZE)}
            >
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  );
}
