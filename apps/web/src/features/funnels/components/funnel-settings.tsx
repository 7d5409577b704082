import { useState } from 'react';
import {
  FUNNEL_MAX_WINDOW_MINUTES,
  funnelBreakdowns,
  type FunnelBreakdown,
  type FunnelOrder,
} from '@questboard/shared/analytics-funnels';
import {
  filterDimensions,
  granularities,
  isIsoDay,
  type FilterDimension,
  type Granularity,
} from '@questboard/shared/analytics-view';

import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { type FunnelAddress, windowMinutes, windowParts, windowUnits, type WindowUnit } from '../lib/funnel-address';

const breakdownLabels: Record<FunnelBreakdown, string> = {
  none: 'No breakdown',
  platform: 'Platform',
  country: 'Country',
  app_version: 'App version',
  property: 'A property of the entry',
};
const filterLabels: Record<FilterDimension, string> = {
  platform: 'Platform',
  country: 'Country',
  app_version: 'App version',
};
const granularityLabels: Record<Granularity, string> = {
  day: 'By entry day',
  week: 'By entry week',
  month: 'By entry month',
};

interface FunnelSettingsProps {
  address: FunnelAddress;
  filterValues: Record<FilterDimension, string[]>;
  onChange: (change: Partial<FunnelAddress>) => void;
}

const field = 'flex min-w-0 flex-col gap-1 text-xs font-medium text-muted-foreground';

/** The range, filters, conversion window, order, breakdown and trend bucket: each change goes to the address at once. */
export function FunnelSettings({ address, filterValues, onChange }: FunnelSettingsProps) {
  const parts = windowParts(address.window);
  const [amount, setAmount] = useState(String(parts.amount));
  const [unit, setUnit] = useState<WindowUnit>(parts.unit);
  const maxAmount = FUNNEL_MAX_WINDOW_MINUTES / windowMinutes(1, unit);
  const setWindow = (nextAmount: string, nextUnit: WindowUnit) => {
    setAmount(nextAmount);
    setUnit(nextUnit);
    const minutes = windowMinutes(Number(nextAmount), nextUnit);
    if (Number.isInteger(minutes) && minutes >= 1 && minutes <= FUNNEL_MAX_WINDOW_MINUTES)
      onChange({ window: minutes });
  };
  const amountNumber = Number(amount);
  const windowInvalid = !Number.isInteger(amountNumber) || amountNumber < 1 || amountNumber > maxAmount;

  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <label className={field}>
        From (UTC)
        <Input
          type="date"
          value={address.from}
          max={address.to}
          onChange={(change) => isIsoDay(change.target.value) && onChange({ from: change.target.value })}
        />
      </label>
      <label className={field}>
        To (UTC)
        <Input
          type="date"
          value={address.to}
          min={address.from}
          onChange={(change) => isIsoDay(change.target.value) && onChange({ to: change.target.value })}
        />
      </label>
      <div className={field}>
        <span id="funnel-window-label">Conversion window</span>
        <div className="flex gap-2" role="group" aria-labelledby="funnel-window-label">
          <Input
            type="number"
            min={1}
            max={maxAmount}
            aria-label="Conversion window length"
            aria-invalid={windowInvalid}
            aria-describedby="funnel-window-help"
            className="w-24"
            value={amount}
            onChange={(change) => setWindow(change.target.value, unit)}
          />
          <Select
            aria-label="Conversion window unit"
            className="flex-1"
            value={unit}
            onChange={(change) => setWindow(amount, change.target.value as WindowUnit)}
          >
            {windowUnits.map((item) => (
              <option key={item.key} value={item.key}>
                {item.label}
              </option>
            ))}
          </Select>
        </div>
        <span id="funnel-window-help" className={windowInvalid ? 'text-destructive' : 'font-normal'}>
          From the entry; 1 minute to 90 days.
        </span>
      </div>
      <label className={field}>
        Order
        <Select value={address.order} onChange={(change) => onChange({ order: change.target.value as FunnelOrder })}>
          <option value="strict">Steps in this order</option>
          <option value="any">Steps in any order</option>
        </Select>
      </label>
      {filterDimensions.map((dimension) => (
        <label key={dimension} className={field}>
          {filterLabels[dimension]}
          <Select
            value={address.filters[dimension]}
            onChange={(change) => onChange({ filters: { ...address.filters, [dimension]: change.target.value } })}
          >
            <option value="">All</option>
            {[
              ...new Set([
                ...filterValues[dimension],
                ...(address.filters[dimension] === '' ? [] : [address.filters[dimension]]),
              ]),
            ].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </Select>
        </label>
      ))}
      <label className={field}>
        Break down by
        <Select
          value={address.breakdown}
          onChange={(change) => onChange({ breakdown: change.target.value as FunnelBreakdown })}
        >
          {funnelBreakdowns.map((breakdown) => (
            <option key={breakdown} value={breakdown}>
              {breakdownLabels[breakdown]}
            </option>
          ))}
        </Select>
      </label>
      {address.breakdown === 'property' && (
        <label className={field}>
          Property of the entry event
          <Input
            defaultValue={address.breakdownProperty}
            placeholder="e.g. step_name"
            onBlur={(change) => onChange({ breakdownProperty: change.target.value.trim() })}
          />
        </label>
      )}
      <label className={field}>
        Trend
        <Select
          value={address.granularity}
          onChange={(change) => onChange({ granularity: change.target.value as Granularity })}
        >
          {granularities.map((granularity) => (
            <option key={granularity} value={granularity}>
              {granularityLabels[granularity]}
            </option>
          ))}
        </Select>
      </label>
    </div>
  );
}
