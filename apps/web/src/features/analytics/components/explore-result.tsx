import { Download, Pin } from 'lucide-react';
import type { ReactNode } from 'react';
import type { ExploreGranularity as Granularity } from '@questboard/shared/analytics-explore';
import type { ChartType, Explore, ExploreMeasure } from '@questboard/shared/analytics-explore';

import { Button } from '../../../components/ui/button';
import { SectionCard } from '../../../components/ui/section-card';
import { ExcludedPurchasesNote } from './excluded-purchases-note';
import { ExploreChart } from './explore-chart';
import { UpdatingNote } from './updating-note';

export interface ExploreResultProps {
  title: string;
  /** e.g. 'Mar 1 – Mar 30, 2026 (UTC), by day' */
  description: string;
  answer: Explore | undefined;
  chart: ChartType;
  measure: ExploreMeasure;
  granularity: Granularity;
  /** What shows instead of the answer: loading, an error, a missing property, nothing found. */
  placeholder: ReactNode;
  /** The answer shown is the previous query's while the new one loads. */
  updating: boolean;
  truncatedNote: string;
  onExport: () => void;
  /** null while there is nothing to pin (a sum without its property). */
  onPin: (() => void) | null;
}

/** The explorer's answer as a chart or a table, with Export CSV and Pin to dashboard. */
export function ExploreResult({
  title,
  description,
  answer,
  chart,
  measure,
  granularity,
  placeholder,
  updating,
  truncatedNote,
  onExport,
  onPin,
}: ExploreResultProps) {
  return (
    <SectionCard
      title={title}
      description={description}
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" disabled={!answer || placeholder !== null} onClick={onExport}>
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </Button>
          <Button variant="outline" size="sm" disabled={onPin === null} onClick={onPin ?? undefined}>
            <Pin aria-hidden="true" className="size-4" />
            Pin to dashboard
          </Button>
        </div>
      }
    >
      {placeholder ??
        (answer && (
          <>
            <div
              aria-busy={updating}
              className={updating ? 'flex flex-col gap-3 opacity-60 transition-opacity' : 'flex flex-col gap-3'}
            >
              <ExploreChart
                answer={answer}
                chartType={chart}
                measure={measure}
                granularity={granularity}
                label={`${title}, ${description}`}
              />
              {answer.truncated && <p className="text-sm text-muted-foreground">{truncatedNote}</p>}
              {answer.currency !== null && (
                <p className="text-sm text-muted-foreground">revenue_amount in {answer.currency}, the project&apos;s reporting currency.</p>
              )}
              <ExcludedPurchasesNote excluded={answer.excludedPurchases} />
            </div>
            <UpdatingNote updating={updating} />
          </>
        ))}
    </SectionCard>
  );
}
