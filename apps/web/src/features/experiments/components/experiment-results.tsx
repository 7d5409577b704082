import { TriangleAlert } from 'lucide-react';
import { formatDateTime } from '@questboard/shared/dates';
import type { Experiment, ExperimentResults } from '@questboard/shared/experiments-api';

import { ListSkeleton } from '../../../components/ui/list-skeleton';
import { LoadError } from '../../../components/ui/load-error';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';
import { useExperimentResults } from '../api/experiments-api';
import { variantLabel } from '../lib/experiment-actions';
import { statisticOf } from '../lib/experiment-form';
import { formatPlayers, formatShare, pValueText } from '../lib/result-format';
import type { RenderChart } from './chart-slot';
import { CumulativeChart } from './cumulative-chart';
import { IntervalChart } from './interval-chart';
import { MetricTable } from './metric-table';

interface ExperimentResultsViewProps {
  projectId: string;
  experiment: Experiment;
  renderChart: RenderChart;
}

/** A running or stopped experiment's results (docs/product/experiments.md#the-figures). */
export function ExperimentResultsView({ projectId, experiment, renderChart }: ExperimentResultsViewProps) {
  const results = useExperimentResults(projectId, experiment.key, experiment.status !== 'draft');
  if (results.isPending) return <ListSkeleton label="Loading the results" />;
  if (results.isError) return <LoadError message="The results could not be loaded." onRetry={() => void results.refetch()} />;
  const data = results.data;
  const names = new Map(experiment.variants.map((variant) => [variant.key, variantLabel(variant)]));
  const nameOf = (key: string) => names.get(key) ?? key;
  const primary = data.metrics.find((metric) => metric.primary) ?? data.metrics[0];

  return (
    <div className="flex flex-col gap-6">
      {data.sampleRatio.mismatch && <SampleRatioBanner results={data} nameOf={nameOf} />}
      {primary && (
        <SectionCard title="Verdict" description={`On the primary metric, ${primary.name}. Results as of ${formatDateTime(data.at)}.`}>
          <ul aria-label="Verdicts" className="flex flex-col gap-2">
            {primary.variants
              .filter((variant) => variant.verdict !== null)
              .map((variant) => (
                <li key={variant.variant} className="rounded-lg border bg-muted/40 px-3 py-2 text-sm text-pretty">
                  <span className="font-semibold">{nameOf(variant.variant)}:</span> {variant.verdict?.text}
                </li>
              ))}
          </ul>
          <IntervalChart
            metric={primary.name}
            statistic={statisticOf(primary.metric.kind)}
            rows={primary.variants.flatMap((variant) =>
              variant.absolute
                ? [{ variant: nameOf(variant.variant), estimate: variant.absolute.estimate, fixed: variant.absolute.fixed, alwaysValid: variant.absolute.alwaysValid, significant: variant.significant }]
                : [],
            )}
          />
        </SectionCard>
      )}
      {primary && data.daily.length > 0 && <CumulativeChart metric={primary.name} statistic={statisticOf(primary.metric.kind)} daily={data.daily} nameOf={nameOf} renderChart={renderChart} />}
      <Exposures results={data} nameOf={nameOf} />
      {data.metrics.map((metric) => (
        <MetricTable key={metric.name} metric={metric} nameOf={nameOf} />
      ))}
    </div>
  );
}

function SampleRatioBanner({ results, nameOf }: { results: ExperimentResults; nameOf: (key: string) => string }) {
  const total = results.exposures.reduce((sum, exposure) => sum + exposure.players, 0);
  return (
    <div role="alert" className="flex items-start gap-3 rounded-2xl border-2 border-destructive bg-destructive-surface p-4 text-destructive">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <p className="text-base font-semibold">Sample ratio mismatch: do not trust these results</p>
        <p className="text-pretty">
          Players did not split between the variants as the weights say ({pValueText(results.sampleRatio.pValue)}):{' '}
          {results.exposures.map((exposure) => `${nameOf(exposure.variant)} ${formatShare(total > 0 ? exposure.players / total : 0)} for ${formatShare(exposure.expectedShare)} expected`).join(', ')}. Some
          players were lost or moved between assignment and exposure (a variant that crashes before its exposure is sent, a cache serving one variant); find the cause before reading any difference.
        </p>
      </div>
    </div>
  );
}

function Exposures({ results, nameOf }: { results: ExperimentResults; nameOf: (key: string) => string }) {
  const total = results.exposures.reduce((sum, exposure) => sum + exposure.players, 0);
  return (
    <SectionCard title="Exposed players" description={`Players counted from their first exposure. Split check: ${pValueText(results.sampleRatio.pValue)}${results.sampleRatio.mismatch ? ', a mismatch' : ', as the weights say'}.`}>
      <ScrollTable label="Exposed players">
        <table className={tableClasses.table}>
          <thead className={tableClasses.head}>
            <tr>
              <th scope="col" className={tableClasses.th}>
                Variant
              </th>
              <th scope="col" className={tableClasses.thNumber}>
                Players
              </th>
              <th scope="col" className={tableClasses.thNumber}>
                Share
              </th>
              <th scope="col" className={tableClasses.thNumber}>
                Expected share
              </th>
            </tr>
          </thead>
          <tbody className={tableClasses.body}>
            {results.exposures.map((exposure) => (
              <tr key={exposure.variant}>
                <th scope="row" className={`${tableClasses.td} font-medium`}>
                  {nameOf(exposure.variant)}
                </th>
                <td className={tableClasses.tdNumber}>{formatPlayers(exposure.players)}</td>
                <td className={tableClasses.tdNumber}>{formatShare(total > 0 ? exposure.players / total : 0)}</td>
                <td className={tableClasses.tdNumber}>{formatShare(exposure.expectedShare)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      <ExposureProblems results={results} />
    </SectionCard>
  );
}

/** The two counts that point at a bug in the game (docs/product/experiments.md, exposure and counting). */
function ExposureProblems({ results }: { results: ExperimentResults }) {
  const problems = [
    results.mixedPlayers > 0 &&
      `${formatPlayers(results.mixedPlayers)} ${results.mixedPlayers === 1 ? 'player was' : 'players were'} exposed to more than one variant: each counts in the variant of their first exposure. The game should keep a player in one variant; check how it caches the config.`,
    results.unknownVariantPlayers > 0 &&
      `${formatPlayers(results.unknownVariantPlayers)} ${results.unknownVariantPlayers === 1 ? "player's first exposure names" : "players' first exposures name"} a variant this experiment does not have: left out of every figure.`,
  ].filter((problem): problem is string => typeof problem === 'string');
  if (problems.length === 0) return null;
  return (
    <ul aria-label="Exposure problems" className="flex flex-col gap-2 text-sm text-pretty">
      {problems.map((problem) => (
        <li key={problem} className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          {problem}
        </li>
      ))}
    </ul>
  );
}
