import { useId } from 'react';
import type { Usage } from '@questboard/shared/billing';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { dailySummary, formatCount, formatDay, niceCeiling } from './usage-figures';

type Daily = Usage['daily'];

// One small chart: inline SVG in the theme's colours rather than the analytics pages' ECharts chunk.
// Bars are placed in percentages, so the chart takes any width without stretching its text.
const gridLines = [0, 0.5, 1];

/** The organisation's events per UTC day for 30 days: bars with a tooltip each, and the figures as a table. */
export function DailyEventsChart({ daily }: { daily: Daily }) {
  const summaryId = useId();
  const top = niceCeiling(Math.max(0, ...daily.map((entry) => entry.events)));
  const slot = 100 / Math.max(1, daily.length);
  const first = daily[0];
  const middle = daily[Math.floor(daily.length / 2)];
  const last = daily.at(-1);

  return (
    <SettingsSection
      title="Events per day"
      description="Events the organisation received each day (UTC), the last 30 days."
    >
      <p id={summaryId} className="sr-only">
        {dailySummary(daily)}
      </p>
      <figure role="img" aria-labelledby={summaryId} className="flex gap-2">
        <div
          aria-hidden="true"
          className="flex h-44 w-12 shrink-0 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
        >
          {[...gridLines].reverse().map((share) => (
            <span key={share} className="-my-2 leading-4">
              {compact(top * share)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <svg aria-hidden="true" className="block h-44 w-full overflow-visible" focusable="false">
            {gridLines.map((share) => (
              <line
                key={share}
                x1="0"
                x2="100%"
                y1={`${100 - share * 100}%`}
                y2={`${100 - share * 100}%`}
                stroke="var(--border)"
                strokeWidth="1"
              />
            ))}
            {daily.map((entry, index) => {
              const height = (entry.events / top) * 100;
              return (
                <g key={entry.day} className="group">
                  <title>{`${formatDay(entry.day)}: ${formatCount(entry.events)} events`}</title>
                  {/* The whole column answers the pointer, so even an empty day shows its tooltip. */}
                  <rect
                    x={`${index * slot}%`}
                    width={`${slot}%`}
                    y="0"
                    height="100%"
                    fill="transparent"
                    className="group-hover:fill-[var(--muted)]"
                  />
                  {entry.events > 0 && (
                    <rect
                      x={`${index * slot + slot * 0.15}%`}
                      width={`${slot * 0.7}%`}
                      y={`${100 - height}%`}
                      height={`${height}%`}
                      rx="2"
                      fill="var(--primary)"
                      className="group-hover:fill-[var(--primary-hover)]"
                    />
                  )}
                </g>
              );
            })}
          </svg>
          <div aria-hidden="true" className="mt-2 flex justify-between text-xs text-muted-foreground">
            <span>{first && formatDay(first.day)}</span>
            <span className="max-sm:hidden">{middle && formatDay(middle.day)}</span>
            <span>{last && formatDay(last.day)}</span>
          </div>
        </div>
      </figure>
      <details className="mt-4 text-sm">
        <summary className="w-fit cursor-pointer rounded text-link outline-none focus-visible:ring-2 focus-visible:ring-ring">
          Show the figures as a table
        </summary>
        <div
          className="mt-3 max-h-72 overflow-y-auto rounded-lg border"
          tabIndex={0}
          role="region"
          aria-label="Events per day table"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Events received per day (UTC), oldest first</caption>
            <thead className="sticky top-0 bg-muted text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Day
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Events
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {daily.map((entry) => (
                <tr key={entry.day}>
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    <time dateTime={entry.day}>{formatDay(entry.day)}</time>
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(entry.events)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </SettingsSection>
  );
}

/** Axis labels stay short: 20K, 1.5M. */
function compact(value: number): string {
  return new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}
