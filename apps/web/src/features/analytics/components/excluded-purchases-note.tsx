import { Coins } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { excludedPurchasesSentence, type ExcludedPurchases } from '@questboard/shared/money';

import { CURRENCY_SETTINGS_ANCHOR, projectPages } from '../../../config/paths';
import { cn } from '../../../utils/cn';
import { formatMoney } from '../lib/format';

/**
 * Purchases in a currency without a rate are never added in silently (issue 21, ADR 011): one line
 * per currency, '37 purchases in JPY are not counted: add a rate', the last words a link to the
 * project settings' currency section. Nothing when every purchase counted.
 */
export function ExcludedPurchasesNote({ excluded, className }: { excluded: ExcludedPurchases; className?: string }) {
  const { projectSlug = '' } = useParams();
  if (excluded.length === 0) return null;
  const settings = `${projectPages.settings.getHref(projectSlug)}#${CURRENCY_SETTINGS_ANCHOR}`;
  return (
    <div
      role="note"
      aria-label="Purchases not counted"
      className={cn('flex items-start gap-2 rounded-lg border border-link/30 bg-card px-3 py-2.5 text-sm', className)}
    >
      <Coins aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-link" />
      <ul className="flex min-w-0 flex-col gap-1">
        {excluded.map((item) => (
          <li key={item.currency} className="text-pretty">
            {excludedPurchasesSentence(item)}:{' '}
            <Link
              to={settings}
              aria-label={`Add a rate for ${item.currency}`}
              className="font-medium text-link underline underline-offset-2"
            >
              add a rate
            </Link>{' '}
            <span className="text-muted-foreground">({formatMoney(item.amount, item.currency)} left out)</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
