import { HandCoins } from 'lucide-react';

import { Card } from '../../../components/ui/card';
import { formatMonth } from './usage-figures';

/** The page's first words: nothing is charged here, ever. */
export function NoPaymentStatement({ month }: { month: string | undefined }) {
  return (
    <Card className="flex items-start gap-3 p-5 sm:p-6">
      <span className="grid size-9 shrink-0 place-items-center rounded-full bg-muted text-link">
        <HandCoins aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-medium text-pretty">
          Questboard is self-hosted, so there is nothing to pay: no payment is taken.
        </p>
        <p className="mt-1 text-sm text-pretty text-muted-foreground">
          This page shows what your organisation uses
          {month ? ` in ${formatMonth(month)} (months and days are UTC)` : ''}, and the monthly event quota that can cap
          it.
        </p>
      </div>
    </Card>
  );
}
