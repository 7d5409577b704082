import { useEffect, useId, useRef, useState } from 'react';
import type { SubmitEvent } from 'react';
import { useLocation } from 'react-router';
import type { CurrencySettings } from '@questboard/shared/money';
import type { Project } from '@questboard/shared/projects';

import { SettingsSection } from '../../../components/layouts/settings-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { CURRENCY_SETTINGS_ANCHOR } from '../../../config/paths';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useChangeCurrency, useCurrencySettings } from '../api/project-currency';
import { currencyName, currencyOptions } from '../lib/currency-options';
import { ExchangeRates } from './exchange-rates';

/**
 * The reporting currency and the exchange rates (issue 21, ADR 011): every member sees them, owners
 * and admins change them (the server enforces it too). The revenue pages link here by its anchor.
 */
export function ProjectCurrencySettings({ project, canManage }: { project: Project; canManage: boolean }) {
  const settings = useCurrencySettings(project.id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();
  const loaded = settings.isSuccess;
  useEffect(() => {
    // Arriving from "add a rate": bring the section into view and put focus on its title.
    if (hash === `#${CURRENCY_SETTINGS_ANCHOR}` && loaded) {
      headingRef.current?.scrollIntoView({ block: 'start' });
      headingRef.current?.focus({ preventScroll: true });
    }
  }, [hash, loaded]);

  return (
    <div id={CURRENCY_SETTINGS_ANCHOR} className="scroll-mt-6">
      <SettingsSection
        title="Currency"
        headingRef={headingRef}
        description="Every revenue figure is in the reporting currency. A purchase in another currency is converted with that currency's rate below; one without a rate is left out, and the revenue pages say so."
      >
        {settings.isPending ? (
          <div role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner />
            Loading currency settings...
          </div>
        ) : settings.isError ? (
          <ErrorAlert>{getErrorMessage(settings.error, 'Failed to load the currency settings')}</ErrorAlert>
        ) : (
          <div className="flex flex-col gap-6">
            {canManage ? (
              <ReportingCurrencyForm key={settings.data.reportingCurrency} projectId={project.id} settings={settings.data} />
            ) : (
              <div className="flex flex-col gap-1 text-sm">
                <p>
                  Reporting currency: <span className="font-medium">{settings.data.reportingCurrency}</span> (
                  {currencyName(settings.data.reportingCurrency)})
                </p>
                <p className="text-muted-foreground">Only owners and admins can change the currency and its rates.</p>
              </div>
            )}
            <ExchangeRates projectId={project.id} settings={settings.data} canManage={canManage} />
          </div>
        )}
      </SettingsSection>
    </div>
  );
}

function ReportingCurrencyForm({ projectId, settings }: { projectId: string; settings: CurrencySettings }) {
  const selectId = useId();
  const noteId = useId();
  const [value, setValue] = useState(settings.reportingCurrency);
  const [confirming, setConfirming] = useState(false);
  const change = useChangeCurrency(projectId);
  const rateCount = settings.rates.length;

  const save = async () => {
    await change.mutateAsync({ kind: 'reporting', currency: value });
    notify.success(`Revenue is now reported in ${value}`);
  };
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rateCount > 0) setConfirming(true);
    else void save().catch(() => undefined);
  };

  return (
    <form noValidate aria-label="Reporting currency" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
      {change.isError && !confirming && (
        <ErrorAlert className="w-full">{getErrorMessage(change.error, 'Failed to change the reporting currency')}</ErrorAlert>
      )}
      <div className="flex min-w-0 flex-col gap-2">
        <Label htmlFor={selectId}>Reporting currency</Label>
        <Select id={selectId} aria-describedby={noteId} value={value} onChange={(event) => setValue(event.target.value)} className="w-72 max-w-full">
          {currencyOptions(settings.reportingCurrency).map((option) => (
            <option key={option.code} value={option.code}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit" disabled={change.isPending || value === settings.reportingCurrency}>
        {change.isPending && <Spinner />}
        Save currency
      </Button>
      <p id={noteId} className="w-full text-sm text-muted-foreground">
        Changing it removes every rate: each says what 1 unit is worth in the current currency.
      </p>
      {confirming && (
        <ConfirmDialog
          title={`Report revenue in ${value}?`}
          description={`The ${rateCount === 1 ? 'rate' : `${rateCount} rates`} in ${settings.reportingCurrency} will be removed, so purchases in other currencies are left out until you add rates in ${value}.`}
          confirmLabel={`Change to ${value}`}
          destructive
          failureMessage="Failed to change the reporting currency"
          onConfirm={save}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
