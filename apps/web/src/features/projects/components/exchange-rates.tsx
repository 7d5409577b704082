import { Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { SubmitEvent } from 'react';
import { formatDate } from '@questboard/shared/dates';
import { currencyCodeSchema, rateSchema, type CurrencySettings, type ExchangeRate } from '@questboard/shared/money';

import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { getErrorMessage } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { useChangeCurrency } from '../api/project-currency';
import { rateSentence } from '../lib/currency-options';

interface RatesProps {
  projectId: string;
  settings: CurrencySettings;
  canManage: boolean;
}

/** The rate table: each rate as '1 JPY = 0.0067 USD' with the day it was set; owners and admins add, edit and remove. */
export function ExchangeRates({ projectId, settings, canManage }: RatesProps) {
  const headingId = useId();
  const [editing, setEditing] = useState<string | null>(null);
  const reporting = settings.reportingCurrency;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h3 id={headingId} className="text-sm font-semibold">
          Exchange rates
        </h3>
        <p className="text-sm text-pretty text-muted-foreground">
          Each rate is what 1 unit of a currency is worth in {reporting}, for example 1 JPY = 0.0067 {reporting}. Rates apply to every
          purchase, past and future.
        </p>
      </div>
      {settings.rates.length === 0 ? (
        <p className="text-sm text-muted-foreground">No rates yet: only purchases in {reporting} are counted.</p>
      ) : (
        <ul aria-label="Exchange rates" className="flex flex-col divide-y rounded-lg border">
          {settings.rates.map((rate) =>
            editing === rate.currency ? (
              <li key={rate.currency} className="px-3 py-3">
                <RateForm projectId={projectId} reporting={reporting} editing={rate} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <RateRow key={rate.currency} projectId={projectId} rate={rate} reporting={reporting} canManage={canManage} onEdit={() => setEditing(rate.currency)} />
            ),
          )}
        </ul>
      )}
      {canManage && editing === null && <RateForm projectId={projectId} reporting={reporting} />}
    </section>
  );
}

function RateRow({ projectId, rate, reporting, canManage, onEdit }: { projectId: string; rate: ExchangeRate; reporting: string; canManage: boolean; onEdit: () => void }) {
  const change = useChangeCurrency(projectId);
  const remove = async () => {
    await change.mutateAsync({ kind: 'remove', currency: rate.currency });
    notify.success(`Rate for ${rate.currency} removed`);
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2.5">
      <div className="flex min-w-0 flex-col">
        <span className="font-medium tabular-nums">{rateSentence(rate.currency, rate.rate, reporting)}</span>
        <span className="text-xs text-muted-foreground">Set {formatDate(rate.setAt, { timeZone: 'UTC' })}</span>
      </div>
      {canManage && (
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit the rate for ${rate.currency}`}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </Button>
          <Button variant="danger-outline" size="sm" disabled={change.isPending} onClick={() => void remove().catch(() => undefined)} aria-label={`Remove the rate for ${rate.currency}`}>
            {change.isPending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
            Remove
          </Button>
        </div>
      )}
      {change.isError && <ErrorAlert className="w-full">{getErrorMessage(change.error, 'Failed to remove the rate')}</ErrorAlert>}
    </li>
  );
}

/** Adds a rate, or with `editing` changes one; the rules and messages are the server's (packages/shared). */
function RateForm({ projectId, reporting, editing, onDone }: { projectId: string; reporting: string; editing?: ExchangeRate; onDone?: () => void }) {
  const currencyId = useId();
  const rateId = useId();
  const [currency, setCurrency] = useState(editing?.currency ?? '');
  const [rateText, setRateText] = useState(editing ? String(editing.rate) : '');
  const [errors, setErrors] = useState<{ currency?: string; rate?: string }>({});
  const change = useChangeCurrency(projectId);
  const code = currency.trim().toUpperCase();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsedCode = currencyCodeSchema.safeParse(currency);
    const parsedRate = rateSchema.safeParse(rateText.trim() === '' ? Number.NaN : Number(rateText));
    const found = { currency: parsedCode.error?.issues[0]?.message, rate: parsedRate.error?.issues[0]?.message };
    setErrors(found);
    if (!parsedCode.success || !parsedRate.success) return;
    void change
      .mutateAsync({ kind: 'rate', currency: parsedCode.data, rate: parsedRate.data })
      .then(() => {
        notify.success(`Rate for ${parsedCode.data} saved`);
        setCurrency('');
        setRateText('');
        onDone?.();
      })
      .catch(() => undefined);
  };

  return (
    <form noValidate aria-label={editing ? `Edit the rate for ${editing.currency}` : 'Add a rate'} onSubmit={onSubmit} className="flex flex-wrap items-start gap-3">
      {change.isError && <ErrorAlert className="w-full">{getErrorMessage(change.error, 'Failed to save the rate')}</ErrorAlert>}
      {!editing && (
        <TextField
          id={currencyId}
          label="Currency"
          value={currency}
          onChange={(event) => setCurrency(event.target.value)}
          error={errors.currency}
          maxLength={3}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="JPY"
          className="w-28"
          inputMode="text"
        />
      )}
      <TextField
        id={rateId}
        label={`Value of 1 ${code === '' ? 'unit' : code} in ${reporting}`}
        value={rateText}
        onChange={(event) => setRateText(event.target.value)}
        error={errors.rate}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0.0067"
        className="w-56 max-w-full"
      />
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending && <Spinner />}
          {editing ? 'Save rate' : 'Add rate'}
        </Button>
        {editing && (
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
