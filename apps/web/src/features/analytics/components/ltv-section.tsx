import { metricDefinition } from '@questboard/shared/metric-definitions';
import { useMemo } from 'react';
import type { Granularity } from '@questboard/shared/analytics-view';
import type { Revenue } from '@questboard/shared/analytics-cohort-answers';

import { formatCount, formatDay, formatMoney } from '../lib/format';
import { curveCohortsText } from '../lib/incomplete-buckets';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { SectionCard } from '../../../components/ui/section-card';
import { Chart } from './chart';
import { dayCurveOption } from './chart-options';
import { HelpTip } from './help-tip';

/** The days since install the LTV table shows (the chart shows all 31). */
export const LTV_DAYS = [0, 1, 3, 7, 14, 30] as const;

/** Cumulative revenue per installed user by day since install: per cohort, and all cohorts together. */
export function LtvSection({ ltv, currency, granularity }: { ltv: Revenue['ltv']; currency: string | null; granularity: Granularity }) {
  const money = (value: number | null) => formatMoney(value, currency);
  const cohorts = curveCohortsText(ltv.averageCohorts);
  const option = useMemo(
    () => dayCurveOption({ series: [{ name: 'Average LTV', values: ltv.average }], valueFormat: (value) => formatMoney(value, null), cohorts }),
    [ltv.average, cohorts],
  );
  const unit = currency ? ` (${currency})` : '';
  return (
    <SectionCard
      title={`Cumulative LTV by install cohort${unit}`}
      description="Revenue of the cohort up to day N after install, per installed user. A cell stays empty until the cohort has reached that day; each curve follows the same players from day 0, the install days that have reached its last day."
    >
      {ltv.cohorts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No players installed in this range.</p>
      ) : (
        <>
          <p className="flex items-start gap-1 text-sm text-muted-foreground">
            <span>Average LTV: {cohorts}.</span>
            <HelpTip about="Which cohorts a curve follows" text={metricDefinition('cohort-curves').definition} className="-mt-0.5" />
          </p>
          <Chart
            option={option}
            height={240}
            ariaLabel={`Average cumulative LTV by day since install${unit}`}
            table={{ columns: ['Day', 'Average LTV'], rows: ltv.average.map((value, day) => [`D${day}`, money(value)]) }}
          />
          <ScrollTable label="Cumulative LTV by install cohort table" className="max-h-[26rem] overflow-y-auto">
            <table className={tableClasses.table}>
              <thead className={`${tableClasses.head} sticky top-0 z-10 bg-card`}>
                <tr>
                  <th scope="col" className={tableClasses.th}>
                    Install cohort
                  </th>
                  <th scope="col" className={tableClasses.thNumber}>
                    Users
                  </th>
                  {LTV_DAYS.map((day) => (
                    <th key={day} scope="col" className={tableClasses.thNumber}>
                      Day {day}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className={tableClasses.body}>
                <tr className="bg-muted/50 font-medium">
                  <th scope="row" className={tableClasses.td}>
                    Average (cohorts followed)
                  </th>
                  <td className={tableClasses.tdNumber}>{formatCount(ltv.averageCohorts?.users ?? 0)}</td>
                  {LTV_DAYS.map((day) => (
                    <td key={day} className={tableClasses.tdNumber}>
                      {money(ltv.average[day] ?? null)}
                    </td>
                  ))}
                </tr>
                {ltv.cohorts.map((cohort) => (
                  <tr key={cohort.cohort}>
                    <th scope="row" className={`${tableClasses.td} font-normal`}>
                      {formatDay(cohort.cohort, granularity)}
                    </th>
                    <td className={tableClasses.tdNumber}>{formatCount(cohort.size)}</td>
                    {LTV_DAYS.map((day) => (
                      <td key={day} className={tableClasses.tdNumber}>
                        {money(cohort.values[day] ?? null)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollTable>
        </>
      )}
    </SectionCard>
  );
}
