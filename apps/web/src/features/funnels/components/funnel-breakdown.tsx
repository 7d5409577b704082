import type { Funnel } from '@questboard/shared/analytics-funnels';

import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatCount, formatShare } from '../lib/funnel-format';

/** The breakdown: players per step for each value of the entry event, and the overall conversion. */
export function FunnelBreakdown({ funnel, label }: { funnel: Funnel; label: string }) {
  return (
    <ScrollTable label={`Players per step by ${label}`}>
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">Players per step by {label}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {label}
            </th>
            {funnel.steps.map((_, index) => (
              <th key={index} scope="col" className="px-2 py-2 text-right font-medium">
                Step {index + 1}
              </th>
            ))}
            <th scope="col" className="py-2 pl-2 text-right font-medium">
              Conversion
            </th>
          </tr>
        </thead>
        <tbody>
          {funnel.breakdown.map((row) => {
            const first = row.players[0] ?? 0;
            const last = row.players.at(-1) ?? 0;
            return (
              <tr key={`${String(row.other)}-${String(row.value)}`} className="border-b border-border/60 last:border-0">
                <th
                  scope="row"
                  className="max-w-40 truncate py-2 pr-3 text-left font-medium"
                  title={row.value ?? undefined}
                >
                  {row.other ? 'Other' : (row.value ?? '(not set)')}
                </th>
                {row.players.map((players, index) => (
                  <td key={index} className="px-2 py-2 text-right tabular-nums">
                    {formatCount(players)}
                  </td>
                ))}
                <td className="py-2 pl-2 text-right font-medium tabular-nums">
                  {formatShare(first === 0 ? null : last / first)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}
