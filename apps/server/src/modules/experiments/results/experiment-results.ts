import type { Experiment, ExperimentMetric, ExperimentResults } from '@questboard/shared/experiments-api';
import { canCompare, compareVariants, differenceVariance, type VariantMoments } from '@questboard/shared/experiments-compare';
import { sequentialDecision, type Look } from '@questboard/shared/experiments-sequential';
import { sampleRatioCheck } from '@questboard/shared/experiments-srm';
import { experimentVerdict } from '@questboard/shared/experiments-verdict';
import type { ProjectMoney } from '@questboard/shared/money';
import type { EventStore } from '../../events/event-store';
import type { ExperimentSums } from './experiment-sums';
import { lookDays, lookMoments, lookSums, metricStatistic, resultsWindow, type ResultsWindow } from './experiment-looks';

// An experiment's results (issue 16, ADR 030): the store sums the players' values per variant and
// exposure day (experiment-sums.ts); this turns them into looks, one per UTC day, and reads the
// statistics of packages/shared/src/experiments-*.ts (ADR 025) off them. Nothing per player.

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
const within = (n: number) => (n === 0 ? 'on day 0' : `within ${days(n)}`);

/** The metric as the results name it, mid-sentence: "D7 retention", "payer conversion within 7 days". */
export function experimentMetricName(metric: ExperimentMetric): string {
  switch (metric.kind) {
    case 'retention':
      return `D${metric.days} retention`;
    case 'payer-conversion':
      return `payer conversion ${within(metric.days)}`;
    case 'revenue':
      return `revenue per player ${within(metric.days)}`;
    case 'sessions':
      return `sessions per player ${within(metric.days)}`;
    case 'event-conversion': {
      const value = metric.property === null ? '' : ` with ${metric.property.name} = ${String(metric.property.value)}`;
      return `conversion to ${metric.event}${value} ${within(metric.days)}`;
    }
    case 'property-mean':
      return `mean ${metric.property} of ${metric.event} ${within(metric.days)}`;
  }
}

function metricUnit(metric: ExperimentMetric, money: ProjectMoney): string | undefined {
  if (metric.kind === 'revenue') return money.currency;
  if (metric.kind === 'sessions') return 'sessions';
  return undefined;
}

type MetricResult = ExperimentResults['metrics'][number];

function metricResult(experiment: Experiment, metric: ExperimentMetric, primary: boolean, moments: { moments: VariantMoments[]; cuped: boolean }[], mismatch: boolean, money: ProjectMoney): MetricResult {
  const name = experimentMetricName(metric);
  const statistic = metricStatistic(metric);
  const final = moments.at(-1);
  const control = final?.moments[0];
  return {
    metric,
    name,
    unit: metricUnit(metric, money) ?? null,
    primary,
    variants: experiment.variants.map((variant, i) => {
      const mine = final?.moments[i];
      const players = mine?.players ?? 0;
      const base = { variant: variant.key, players, estimate: mine !== undefined && players > 0 ? mine.mean : null, cuped: final?.cuped ?? false };
      if (i === 0) return { ...base, absolute: null, relative: null, pValue: null, significant: false, verdict: null };
      // Before the first look (the start's day is not over) there is nothing to compare: "too early".
      const looks: Look[] = moments.flatMap((look) => {
        const [first, other] = [look.moments[0], look.moments[i]];
        return first === undefined || other === undefined ? [] : [{ control: first, treatment: other }];
      });
      const decision = sequentialDecision(looks, experiment.plannedPlayersPerVariant);
      const comparable = control !== undefined && mine !== undefined && canCompare(control, mine) && differenceVariance(control, mine) > 0;
      const comparison = comparable ? compareVariants(control, mine) : null;
      const verdict = experimentVerdict({
        variant: variant.name === '' ? variant.key : variant.name,
        metric: name,
        statistic,
        unit: metricUnit(metric, money),
        // Less is better only where the experiment says so, for its primary metric; every other metric kind is "more is better".
        higherIsBetter: primary ? experiment.higherIsBetter : true,
        decision,
        sampleRatioMismatch: mismatch,
        minimumDetectableEffect: primary ? experiment.minimumDetectableEffect : null,
      });
      return {
        ...base,
        absolute: comparison === null ? null : { estimate: comparison.absolute.estimate, fixed: comparison.absolute.interval, alwaysValid: decision.absolute },
        relative: comparison?.relative ? { estimate: comparison.relative.estimate, fixed: comparison.relative.interval, alwaysValid: decision.relative } : null,
        pValue: decision.looks > 0 ? decision.pValue : null,
        significant: decision.significant,
        verdict,
      };
    }),
  };
}

/** The results from the store's sums: exposures and the sample ratio check, each metric's figures, the primary metric day by day. */
export function resultsFromSums(experiment: Experiment, window: ResultsWindow | null, sums: ExperimentSums | null, now: Date, money: ProjectMoney): ExperimentResults {
  const keys = experiment.variants.map((variant) => variant.key);
  const weights = experiment.variants.map((variant) => variant.weight);
  const totalWeight = weights.reduce((sum, weight) => sum + weight, 0);
  const exposed = keys.map((key) => sums?.exposures.find((row) => row.variant === key)?.players ?? 0);
  const srm = sampleRatioCheck(exposed, weights);
  const looks = window === null ? [] : lookDays(window);
  const metrics = [experiment.primaryMetric, ...experiment.secondaryMetrics];
  const moments = metrics.map((metric, i) => {
    const perMetric = sums?.metrics[i] ?? { byDay: [], capped: [] };
    return lookSums(perMetric, metric.days, keys, looks).map((look) => lookMoments(look, metricStatistic(metric)));
  });
  const primary = moments[0] ?? [];
  return {
    key: experiment.key,
    status: experiment.status,
    at: now.toISOString(),
    exposures: keys.map((key, i) => ({ variant: key, players: exposed[i] ?? 0, expectedShare: totalWeight === 0 ? 0 : (weights[i] ?? 0) / totalWeight })),
    mixedPlayers: sums?.exposures.reduce((sum, row) => sum + row.mixed, 0) ?? 0,
    unknownVariantPlayers: sums?.exposures.filter((row) => row.variant === null || !keys.includes(row.variant)).reduce((sum, row) => sum + row.players, 0) ?? 0,
    sampleRatio: { chiSquared: Number.isFinite(srm.chiSquared) ? srm.chiSquared : Number.MAX_VALUE, pValue: srm.pValue, mismatch: srm.mismatch },
    metrics: metrics.map((metric, i) => metricResult(experiment, metric, i === 0, moments[i] ?? [], srm.mismatch, money)),
    daily: looks.map((day, k) => {
      const look = primary[k];
      return {
        day,
        variants: keys.map((variant, i) => {
          const mine = look?.moments[i];
          const control = look?.moments[0];
          const players = mine?.players ?? 0;
          const absolute =
            i === 0 || mine === undefined || control === undefined
              ? null
              : sequentialDecision(
                  primary.slice(0, k + 1).map((earlier) => ({ control: earlier.moments[0] ?? control, treatment: earlier.moments[i] ?? mine })),
                  experiment.plannedPlayersPerVariant,
                ).absolute;
          return { variant, players, estimate: mine !== undefined && players > 0 ? mine.mean : null, absolute };
        }),
      };
    }),
  };
}

/**
 * An experiment's results as of `now`, from the project's events: exposures from its start to its
 * stop (or now), every metric's figures and decision per variant against the control, the sample
 * ratio check and the primary metric day by day. Revenue is in the project's reporting currency.
 */
export async function computeExperimentResults(events: EventStore, projectId: string, experiment: Experiment, now: Date, money: ProjectMoney): Promise<ExperimentResults> {
  const window = resultsWindow(experiment, now);
  const sums =
    window === null
      ? null
      : await events.metrics.experimentSums(projectId, {
          key: experiment.key,
          variants: experiment.variants.map((variant) => variant.key),
          startMs: window.startMs,
          endMs: window.endMs,
          lastLookDay: window.lastLookDay,
          metrics: [experiment.primaryMetric, ...experiment.secondaryMetrics],
          money,
        });
  return resultsFromSums(experiment, window, sums, now, money);
}
