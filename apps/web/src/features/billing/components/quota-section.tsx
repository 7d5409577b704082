import { CircleAlert } from 'lucide-react';
import type { Usage } from '@questboard/shared/billing';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { QuotaForm } from './quota-form';
import { QuotaProgressBar } from './quota-progress-bar';
import { formatCount, formatMonthStart, quotaProgress } from './usage-figures';

/** The organisation's monthly event quota: how much is used, a warning once it is, and changing it (owners). */
export function QuotaSection({
  organisationId,
  usage,
  canEdit,
}: {
  organisationId: string;
  usage: Usage;
  canEdit: boolean;
}) {
  const quota = usage.monthlyEventQuota;
  const used = usage.organisation.eventsThisMonth;
  const progress = quota === null ? null : quotaProgress(used, quota);
  const resumes = formatMonthStart(usage.nextMonthStart);

  return (
    <SettingsSection
      title="Monthly event quota"
      description="A cap on the events all of the organisation's projects may send each calendar month (UTC). Once it is used up, the ingestion endpoint refuses new events until the next month starts."
    >
      <div className="flex flex-col gap-4">
        {progress === null || quota === null ? (
          <p className="text-sm">
            <span className="font-medium">No monthly quota.</span>{' '}
            <span className="text-muted-foreground">
              {formatCount(used)} events received this month; games may send without a limit.
            </span>
          </p>
        ) : (
          <QuotaProgressBar used={used} quota={quota} progress={progress} />
        )}
        {progress?.usedUp && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive-surface px-3 py-2.5 text-sm text-destructive"
          >
            <CircleAlert aria-hidden="true" className="mt-px size-4 shrink-0" />
            <p className="min-w-0">
              <strong className="font-semibold">The monthly quota is used up.</strong> Ingestion refuses new events from
              every project until {resumes} (UTC)
              {canEdit
                ? ', unless you raise or remove the quota below'
                : ', unless an owner raises or removes the quota'}
              . Games sending with the SDK keep their unsent events and retry later.
            </p>
          </div>
        )}
        {progress?.nearlyUsedUp && (
          <p className="text-sm text-muted-foreground">
            Nearly used up: once it is, ingestion stops until {resumes} (UTC).
          </p>
        )}
        {canEdit ? (
          <QuotaForm key={String(quota)} organisationId={organisationId} quota={quota} />
        ) : (
          <p className="border-t pt-4 text-sm text-muted-foreground">Only owners can change the quota.</p>
        )}
      </div>
    </SettingsSection>
  );
}
