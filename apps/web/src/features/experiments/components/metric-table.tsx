import type { ExperimentResults } from '@questboard/shared/experiments-api';
import { experimentStatisticDefinitions } from '@questboard/shared/experiments-metrics';

import { Badge } from '../../../components/ui/badge';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';
import { statisticOf } from '../lib/experiment-form';
import { formatDifference, formatEstimate, formatInterval, formatPlayers, formatPValue, formatRelative, formatRelativeInterval } from '../lib/result-format';

type MetricResult = ExperimentResults['metrics'][number];

const columns = ['Variant', 'Players', 'Estimate', 'Difference', '95% interval', 'Relative', 'Relative 95% interval', 'Always-valid interval', 'p-value', 'Significant'];
const explained = ['estimate', 'absolute-difference', 'relative-difference', 'interval', 'always-valid-interval', 'always-valid-p-value', 'cuped'] as const;

/** One metric's figures per variant against control. */
export function MetricTable({ metric, nameOf }: { metric: MetricResult; nameOf: (key: string) => string }) {
  const statistic = statisticOf(metric.metric.kind);
  const cuped = metric.variants.some((variant) => variant.cuped);
  const title = `${metric.primary ? 'Primary' : 'Secondary'}: ${metric.name}`;
  return (
    <SectionCard
      title={title}
      description={
        statistic === 'proportion'
          ? 'A share of the players; differences in percentage points.'
          : metric.unit === null
            ? 'A mean per player; differences in its unit.'
            : `A mean per player, in ${metric.unit}; differences in ${metric.unit}.`
      }
      actions={cuped ? <Badge tone="info">CUPED-adjusted</Badge> : undefined}
    >
      <ScrollTable label={`${metric.name} by variant`}>
        <table className={tableClasses.table}>
          <thead className={tableClasses.head}>
            <tr>
              {columns.map((column, index) => (
                <th key={column} scope="col" className={index === 0 ? tableClasses.th : tableClasses.thNumber}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={tableClasses.body}>
            {metric.variants.map((variant) => (
              <tr key={variant.variant}>
                <th scope="row" className={`${tableClasses.td} font-medium`}>
                  {nameOf(variant.variant)}
                </th>
                <td className={tableClasses.tdNumber}>{formatPlayers(variant.players)}</td>
                <td className={tableClasses.tdNumber}>{formatEstimate(statistic, variant.estimate)}</td>
                <td className={tableClasses.tdNumber}>{variant.absolute ? formatDifference(statistic, variant.absolute.estimate, variant.absolute.fixed) : '—'}</td>
                <td className={tableClasses.tdNumber}>{variant.absolute ? formatInterval(statistic, variant.absolute.fixed) : '—'}</td>
                <td className={tableClasses.tdNumber}>{variant.relative ? formatRelative(variant.relative.estimate, variant.relative.fixed) : '—'}</td>
                <td className={tableClasses.tdNumber}>{variant.relative ? formatRelativeInterval(variant.relative.fixed) : '—'}</td>
                <td className={tableClasses.tdNumber}>{variant.absolute?.alwaysValid ? formatInterval(statistic, variant.absolute.alwaysValid) : '—'}</td>
                <td className={tableClasses.tdNumber}>{formatPValue(variant.pValue)}</td>
                <td className={tableClasses.tdNumber}>{variant.absolute === null ? '—' : variant.significant ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">What the figures mean</summary>
        <dl className="mt-2 flex flex-col gap-2">
          {experimentStatisticDefinitions
            .filter((definition) => (explained as readonly string[]).includes(definition.key))
            .map((definition) => (
              <div key={definition.key}>
                <dt className="font-medium">{definition.name}</dt>
                <dd className="text-pretty text-muted-foreground">{definition.definition}</dd>
              </div>
            ))}
        </dl>
      </details>
    </SectionCard>
  );
}
