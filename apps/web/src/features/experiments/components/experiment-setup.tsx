import type { Experiment } from '@questboard/shared/experiments-api';

import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';
import { describeCondition } from '../../../lib/live-config/condition-form';
import { valueSummary } from '../../../lib/live-config/value-text';
import { variantLabel } from '../lib/experiment-actions';
import { statisticOf } from '../lib/experiment-form';
import { metricName } from '../lib/metric-name';
import { formatPlayers, formatShare } from '../lib/result-format';

/** What an experiment gives whom and how it is judged, as set up (a draft's whole page, above a run's results). */
export function ExperimentSetup({ experiment }: { experiment: Experiment }) {
  const total = experiment.variants.reduce((sum, variant) => sum + variant.weight, 0);
  const share = statisticOf(experiment.primaryMetric.kind) === 'proportion';
  const effect = share ? `${Number((experiment.minimumDetectableEffect * 100).toPrecision(6))} points` : String(experiment.minimumDetectableEffect);
  const facts: [string, string][] = [
    ['Targeting', experiment.targeting.length === 0 ? 'Every player' : experiment.targeting.map(describeCondition).join('; ')],
    ['Audience share', `${experiment.audiencePercentage}%`],
    ['Layer', experiment.layer ?? 'None'],
    ['Primary metric', `${metricName(experiment.primaryMetric)}, ${experiment.higherIsBetter ? 'higher is better' : 'lower is better'}`],
    ['Secondary metrics', experiment.secondaryMetrics.length === 0 ? 'None' : experiment.secondaryMetrics.map(metricName).join('; ')],
    ['Minimum detectable effect', effect],
    ['Sample size', `${formatPlayers(experiment.plannedPlayersPerVariant)} players per variant`],
  ];
  return (
    <SectionCard title="Set-up">
      <ScrollTable label="Variants">
        <table className={tableClasses.table}>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Variant
              </th>
              <th scope="col" className={tableClasses.th}>
                Key
              </th>
              <th scope="col" className={tableClasses.thNumber}>
                Share
              </th>
              <th scope="col" className={tableClasses.th}>
                Config values
              </th>
            </tr>
          </thead>
          <tbody className={tableClasses.body}>
            {experiment.variants.map((variant) => (
              <tr key={variant.key}>
                <th scope="row" className={`${tableClasses.td} font-medium`}>
                  {variantLabel(variant)}
                </th>
                <td className={`${tableClasses.td} font-mono text-xs`}>{variant.key}</td>
                <td className={tableClasses.tdNumber}>{formatShare(total > 0 ? variant.weight / total : 0)}</td>
                <td className="px-3 py-2">
                  {variant.overrides.length === 0 ? (
                    <span className="text-muted-foreground">The published config</span>
                  ) : (
                    <ul className="flex flex-col gap-0.5">
                      {variant.overrides.map((override) => (
                        <li key={override.key} className="font-mono text-xs whitespace-nowrap">
                          {override.key} = {valueSummary(override.value)}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {facts.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </SectionCard>
  );
}
