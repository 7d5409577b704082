import { useId, useMemo } from 'react';
import type { Economy, EconomyItem, EconomyItemType } from '@questboard/shared/analytics-economy';

import { LoadError } from '../../../components/ui/load-error';
import { SectionCard } from '../../../components/ui/section-card';
import { ScrollTable, tableClasses } from '../../../components/ui/scroll-table';
import { Select } from '../../../components/ui/select';
import { useViewParams } from '../../../hooks/use-view-params';
import { getErrorMessage } from '../../../lib/api-error';
import { useEconomy } from '../api/game-design-api';
import { formatCompact, formatCount, formatDecimal } from '../lib/format';
import { Figure, type GameDesignViewProps, Loading, type RenderChart } from './parts';

// The economy page's content (docs/product/metrics.md#economy): one virtual currency at a time,
// chosen with the picker and kept in the address (`virtual_currency`), from the game's resource
// events. Real money stays on the revenue page.

export const CURRENCY_PARAM = 'virtual_currency';

export function EconomyView({ projectId, apiParams, renderChart }: GameDesignViewProps) {
  const [params, setParams] = useViewParams();
  const chosen = params.get(CURRENCY_PARAM) ?? '';
  const callParams = useMemo(
    () => (chosen === '' ? apiParams : { ...apiParams, [CURRENCY_PARAM]: chosen }),
    [apiParams, chosen],
  );
  const economy = useEconomy(projectId, callParams);
  const pickerId = useId();

  if (economy.isPending) return <Loading label="Loading the economy..." />;
  if (economy.isError)
    return (
      <LoadError
        message={getErrorMessage(economy.error, 'Failed to load the economy')}
        onRetry={() => void economy.refetch()}
      />
    );
  const data = economy.data;
  if (data.currency === null) {
    return (
      <SectionCard title="No virtual currency in this range">
        <p className="text-sm text-pretty text-muted-foreground">
          The economy comes from <code>resource</code> events: a <code>flow</code> of source or sink, a{' '}
          <code>virtual_currency</code> and an <code>amount</code> above 0 (the SDK&apos;s <code>economy</code> helpers
          send them). None match this range and filters.
        </p>
      </SectionCard>
    );
  }
  const choose = (currency: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(CURRENCY_PARAM, currency);
      return next;
    });
  // A currency named in the address but absent from the range stays selectable.
  const options = data.currencies.some((entry) => entry.currency === data.currency)
    ? data.currencies
    : [{ currency: data.currency, events: 0 }, ...data.currencies];
  return (
    <div aria-busy={economy.isPlaceholderData} className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={pickerId} className="text-sm font-medium">
            Virtual currency
          </label>
          <Select
            id={pickerId}
            value={data.currency}
            onChange={(event) => choose(event.target.value)}
            className="w-56 max-w-full"
          >
            {options.map((entry) => (
              <option key={entry.currency} value={entry.currency}>
                {entry.currency} ({formatCount(entry.events)} events)
              </option>
            ))}
          </Select>
        </div>
        <p className="max-w-xl text-sm text-pretty text-muted-foreground">
          Amounts in {data.currency}. Real-money purchases are on the revenue page.
        </p>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <Figure
          label="Sources"
          value={formatCount(data.totals.sources)}
          detail={`${formatCount(data.totals.sourcePlayers)} players earned`}
        />
        <Figure
          label="Sinks"
          value={formatCount(data.totals.sinks)}
          detail={`${formatCount(data.totals.sinkPlayers)} players spent`}
        />
        <Figure
          label="Net flow"
          value={`${data.totals.net > 0 ? '+' : ''}${formatCount(data.totals.net)}`}
          detail={
            data.totals.net > 0 ? 'More earned than spent' : data.totals.net < 0 ? 'More spent than earned' : 'Balanced'
          }
        />
      </div>
      <FlowChart economy={data} renderChart={renderChart} />
      <div className="grid min-w-0 gap-6 xl:grid-cols-2">
        <ItemsSection
          title="Top sources"
          description="Where players got it: by item, most first."
          items={data.items.source}
        />
        <ItemsSection
          title="Top sinks"
          description="What players spent it on: by item, most first."
          items={data.items.sink}
        />
        <TypesSection title="Source types" types={data.itemTypes.source} />
        <TypesSection title="Sink types" types={data.itemTypes.sink} />
      </div>
      <BalanceSection economy={data} renderChart={renderChart} />
      {data.ignored > 0 && (
        <p className="text-xs text-pretty text-muted-foreground">
          {formatCount(data.ignored)} resource events of the range are not counted: their flow is not source or sink,
          they name no virtual_currency, or their amount is not a number above 0.
        </p>
      )}
    </div>
  );
}

function FlowChart({ economy, renderChart }: { economy: Economy; renderChart: RenderChart }) {
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 36, bottom: 8, containLabel: true },
      legend: { top: 0, left: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: economy.series.map((point) => point.date) },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatCompact(value) } },
      series: [
        { name: 'Sources', type: 'bar', data: economy.series.map((point) => point.sources), barMaxWidth: 14 },
        { name: 'Sinks', type: 'bar', data: economy.series.map((point) => point.sinks), barMaxWidth: 14 },
        { name: 'Net flow', type: 'line', data: economy.series.map((point) => point.net), showSymbol: false },
      ],
    }),
    [economy.series],
  );
  return (
    <SectionCard
      title={`Sources, sinks and net flow (${economy.currency ?? ''})`}
      description="Bars: amounts earned and spent in each bucket. Line: sources minus sinks; above 0 the currency piles up."
    >
      {renderChart({
        option,
        ariaLabel: `Sources, sinks and net flow of ${economy.currency ?? ''}`,
        table: {
          columns: ['Date', 'Sources', 'Sinks', 'Net flow', 'Players earning', 'Players spending'],
          rows: economy.series.map((point) => [
            point.date,
            formatCount(point.sources),
            formatCount(point.sinks),
            formatCount(point.net),
            formatCount(point.sourcePlayers),
            formatCount(point.sinkPlayers),
          ]),
        },
      })}
    </SectionCard>
  );
}

const notSent = <span className="text-muted-foreground">Not sent</span>;

function ItemsSection({ title, description, items }: { title: string; description: string; items: EconomyItem[] }) {
  return (
    <SectionCard title={title} description={description}>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">None in this range.</p>
      ) : (
        <ScrollTable label={`${title} table`}>
          <table className={tableClasses.table}>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  Item
                </th>
                <th scope="col" className={tableClasses.th}>
                  Type
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Amount
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Players
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Events
                </th>
              </tr>
            </thead>
            <tbody className={tableClasses.body}>
              {items.map((item) => (
                <tr key={`${item.itemType ?? ''}|${item.itemId ?? ''}`}>
                  <th scope="row" className={`${tableClasses.td} max-w-40 truncate font-medium`}>
                    {item.itemId ?? notSent}
                  </th>
                  <td className={`${tableClasses.td} max-w-32 truncate`}>{item.itemType ?? notSent}</td>
                  <td className={tableClasses.tdNumber}>{formatCount(item.amount)}</td>
                  <td className={tableClasses.tdNumber}>{formatCount(item.players)}</td>
                  <td className={tableClasses.tdNumber}>{formatCount(item.events)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </SectionCard>
  );
}

function TypesSection({ title, types }: { title: string; types: EconomyItemType[] }) {
  const total = types.reduce((sum, row) => sum + row.amount, 0);
  return (
    <SectionCard title={title} description="By item_type, with each type's share of the amounts shown.">
      {types.length === 0 ? (
        <p className="text-sm text-muted-foreground">None in this range.</p>
      ) : (
        <ScrollTable label={`${title} table`}>
          <table className={tableClasses.table}>
            <thead className={tableClasses.head}>
              <tr>
                <th scope="col" className={tableClasses.th}>
                  Type
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Amount
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Share
                </th>
                <th scope="col" className={tableClasses.thNumber}>
                  Players
                </th>
              </tr>
            </thead>
            <tbody className={tableClasses.body}>
              {types.map((row) => (
                <tr key={row.itemType ?? ''}>
                  <th scope="row" className={`${tableClasses.td} max-w-40 truncate font-medium`}>
                    {row.itemType ?? notSent}
                  </th>
                  <td className={tableClasses.tdNumber}>{formatCount(row.amount)}</td>
                  <td className={tableClasses.tdNumber}>
                    {total > 0 ? `${((row.amount / total) * 100).toFixed(1)}%` : '—'}
                  </td>
                  <td className={tableClasses.tdNumber}>{formatCount(row.players)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
      )}
    </SectionCard>
  );
}

function BalanceSection({ economy, renderChart }: { economy: Economy; renderChart: RenderChart }) {
  const rows = economy.balanceByLevel;
  const label = (level: string | null) => level ?? 'Before any level';
  const option = useMemo(
    () => ({
      grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
      tooltip: { trigger: 'axis' },
      xAxis: {
        type: 'category',
        data: rows.map((row) => label(row.level)),
        name: 'Level',
        nameLocation: 'middle',
        nameGap: 28,
      },
      yAxis: { type: 'value', axisLabel: { formatter: (value: number) => formatCompact(value) } },
      series: [
        {
          name: 'Median balance',
          type: 'line',
          data: rows.map((row) => row.medianBalance),
          showSymbol: rows.length < 40,
        },
      ],
    }),
    [rows],
  );
  return (
    <SectionCard
      title={`Median balance by level (${economy.currency ?? ''})`}
      description="The median balance sent with the resource events, by the player's level at the time: the event's own level, else their latest level event. A balance that keeps rising with the levels means the currency is inflating."
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No resource event of this currency carried a balance.</p>
      ) : (
        renderChart({
          option,
          ariaLabel: `Median ${economy.currency ?? ''} balance by level`,
          table: {
            columns: ['Level', 'Median balance', 'Events', 'Players'],
            rows: rows.map((row) => [
              label(row.level),
              formatDecimal(row.medianBalance),
              formatCount(row.events),
              formatCount(row.players),
            ]),
          },
        })
      )}
    </SectionCard>
  );
}
