import { metricDefinition } from '@questboard/shared/metric-definitions';
import type { Granularity, RetentionMode } from '@questboard/shared/analytics-view';
import type { Retention } from '@questboard/shared/analytics-cohort-answers';

import { formatCount, formatPercent } from '../lib/format';
import { curveCohortsText } from '../lib/incomplete-buckets';
import { curveSummary } from '../lib/retention-matrix';
import { SectionCard } from '../../../components/ui/section-card';
import { Chart } from './chart';
import { dayCurveOption } from './chart-options';
import { HelpTip } from './help-tip';
import { RetentionHeatmap } from './retention-heatmap';
import { SegmentedControl } from './segmented-control';
import { UpdatingNote } from './updating-note';

const modeOptions = [
  { value: 'classic', label: 'Classic' },
  { value: 'rolling', label: 'Rolling' },
] as const;

const modeNames: Record<RetentionMode, string> = { classic: 'Classic retention', rolling: 'Rolling retention' };

/** The cohort matrix with its classic / rolling switch. */
export function CohortRetention({
  retention,
  granularity,
  mode,
  onModeChange,
  updating,
}: {
  retention: Retention;
  granularity: Granularity;
  mode: RetentionMode;
  onModeChange: (mode: RetentionMode) => void;
  /** The answer shown is the previous mode's or view's while the new one loads. */
  updating: boolean;
}) {
  const definition = metricDefinition(mode === 'classic' ? 'classic-retention' : 'rolling-retention').definition;
  return (
    <SectionCard
      title="Cohort retention"
      description={
        <>
          Users who installed in each {granularity === 'day' ? 'day' : granularity} of the range, and the share of them
          active {mode === 'classic' ? 'on' : 'on or after'} each day since install (UTC days). Day 0 is the install
          day.
        </>
      }
      actions={
        <div className="flex items-end gap-1">
          <SegmentedControl legend="Retention mode" options={modeOptions} value={mode} onChange={onModeChange} />
          <HelpTip about={modeNames[mode]} text={definition} className="mb-1" />
        </div>
      }
    >
      <div aria-busy={updating} className={updating ? 'opacity-60 transition-opacity' : undefined}>
        {retention.cohorts.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No users installed in this range, so there are no cohorts to follow yet.
          </p>
        ) : (
          <RetentionHeatmap retention={retention} granularity={granularity} />
        )}
      </div>
      <UpdatingNote updating={updating} />
    </SectionCard>
  );
}

/** One set of cohorts followed from day 0 to the last day they all reached (ADR 010 "Curves"). */
export function RetentionCurve({ retention }: { retention: Retention }) {
  const name = modeNames[retention.mode];
  const label = `${name} curve, day 0 to day 30`;
  const cohorts = curveCohortsText(retention.curveCohorts);
  return (
    <SectionCard
      title="Retention curve"
      description={`${name} by day since install, of the same players all along: the cohorts that have reached the curve's last day.`}
    >
      {retention.curve.every((point) => point.rate === null) ? (
        <p className="text-sm text-muted-foreground">No cohort to draw a curve from yet.</p>
      ) : (
        <>
          <p className="flex items-start gap-1 text-sm text-muted-foreground">
            <span>{cohorts}.</span>
            <HelpTip about="Which cohorts a curve follows" text={metricDefinition('cohort-curves').definition} className="-mt-0.5" />
          </p>
          <p className="sr-only">{curveSummary(retention.curve, retention.mode)}</p>
          <Chart
            ariaLabel={label}
            height={260}
            option={dayCurveOption({
              series: [{ name, values: retention.curve.map((point) => point.rate) }],
              valueFormat: formatPercent,
              cohorts,
            })}
            table={{
              columns: ['Day', name, 'Players followed'],
              rows: retention.curve.map((point) => [
                `Day ${point.day}`,
                formatPercent(point.rate),
                formatCount(point.cohortUsers),
              ]),
            }}
          />
        </>
      )}
    </SectionCard>
  );
}
