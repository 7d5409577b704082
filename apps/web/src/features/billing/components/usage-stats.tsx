import { useId } from 'react';
import type { Usage } from '@questboard/shared/billing';

import { Card } from '../../../components/ui/card';
import { formatBytes, formatCount } from './usage-figures';

type Figures = Usage['organisation'];

/** Four figures of one scope (this project, or the whole organisation) this month. */
export function UsageStats({ title, subtitle, figures }: { title: string; subtitle: string; figures: Figures }) {
  const headingId = useId();
  const stats = [
    { label: 'Events today', value: formatCount(figures.eventsToday), note: 'Since 00:00 UTC' },
    { label: 'Events this month', value: formatCount(figures.eventsThisMonth), note: 'What the quota counts' },
    {
      label: 'Monthly active players',
      value: formatCount(figures.monthlyActivePlayers),
      note: 'Distinct players this month',
    },
    {
      label: 'Storage',
      value: formatBytes(figures.storageBytes),
      note: `${formatCount(figures.storedEvents)} events stored`,
    },
  ];
  return (
    <Card>
      <section aria-labelledby={headingId} className="p-5 sm:p-6">
        <h2 id={headingId} className="text-base font-semibold tracking-tight">
          {title}
        </h2>
        <p className="truncate text-sm text-muted-foreground">{subtitle}</p>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-5">
          {stats.map((stat) => (
            <div key={stat.label} className="flex min-w-0 flex-col">
              <dt className="text-sm text-muted-foreground">{stat.label}</dt>
              <dd className="order-first text-2xl font-semibold tracking-tight tabular-nums">{stat.value}</dd>
              <dd className="text-xs text-muted-foreground">{stat.note}</dd>
            </div>
          ))}
        </dl>
      </section>
    </Card>
  );
}
