import { X } from 'lucide-react';
import { type FilterDimension, type Granularity, filterDimensions, granularities } from '@questboard/shared/analytics-view';

import { Button } from '../../../components/ui/button';
import { cn } from '../../../utils/cn';
import { useFilterOptions } from '../api/use-analytics';
import { filterLabels, hasFilters, useAnalyticsView } from '../view/analytics-view';
import { DateRangePicker } from './date-range-picker';
import { FilterMenu } from './filter-menu';

const granularityLabels: Record<Granularity, string> = { day: 'Day', week: 'Week', month: 'Month' };

/**
 * The view of an analytics page: date range, granularity and filters. Everything it sets goes into
 * the URL (useAnalyticsView), so a view survives a reload and can be shared.
 */
export function ViewToolbar({
  projectId,
  showGranularity = true,
  showFilters = true,
}: {
  projectId: string;
  showGranularity?: boolean;
  showFilters?: boolean;
}) {
  const { view, preset, setView } = useAnalyticsView();
  const options = useFilterOptions(projectId, view);
  const chips = filterDimensions.flatMap((dimension) => view[dimension].map((value) => ({ dimension, value })));
  const setFilter = (dimension: FilterDimension, values: string[]) => {
    setView({ [dimension]: values });
  };

  return (
    <section aria-label="View" className="mt-6 flex flex-col gap-3 rounded-2xl border bg-card/60 p-3 sm:p-4">
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <DateRangePicker view={view} preset={preset} setView={setView} />
        {showGranularity && (
          <fieldset className="flex flex-col gap-1.5">
            <legend className="mb-1.5 text-sm leading-none font-medium">Granularity</legend>
            <div className="inline-flex h-8 rounded-lg border border-input/60 bg-muted p-0.5">
              {granularities.map((granularity) => (
                <label
                  key={granularity}
                  className={cn(
                    'flex cursor-pointer items-center rounded-md px-3 text-sm font-medium text-muted-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    view.granularity === granularity && 'bg-card text-foreground shadow-xs',
                  )}
                >
                  <input
                    type="radio"
                    name={`granularity-${projectId}`}
                    value={granularity}
                    checked={view.granularity === granularity}
                    onChange={() => {
                      setView({ granularity });
                    }}
                    className="sr-only"
                  />
                  {granularityLabels[granularity]}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {showFilters && (
          <div role="group" aria-label="Filters" className="flex flex-wrap items-end gap-2">
            {filterDimensions.map((dimension) => (
              <FilterMenu
                key={dimension}
                label={filterLabels[dimension]}
                options={options.data?.[dimension] ?? []}
                loading={options.isPending}
                selected={view[dimension]}
                onChange={(values) => {
                  setFilter(dimension, values);
                }}
              />
            ))}
          </div>
        )}
      </div>
      {showFilters && hasFilters(view) && (
        <div className="flex flex-wrap items-center gap-2">
          <ul aria-label="Active filters" className="flex flex-wrap gap-2">
            {chips.map(({ dimension, value }) => (
              <li key={`${dimension}:${value}`}>
                <span className="inline-flex h-7 items-center gap-1 rounded-full border bg-muted pr-1 pl-3 text-xs">
                  <span className="text-muted-foreground">{filterLabels[dimension]}:</span>
                  <span className="max-w-40 truncate font-medium">{value}</span>
                  <button
                    type="button"
                    aria-label={`Remove filter ${filterLabels[dimension]}: ${value}`}
                    onClick={() => {
                      setFilter(
                        dimension,
                        view[dimension].filter((item) => item !== value),
                      );
                    }}
                    className="inline-flex size-5 cursor-pointer items-center justify-center rounded-full hover:bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <X aria-hidden="true" className="size-3" />
                  </button>
                </span>
              </li>
            ))}
          </ul>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              setView({ platform: [], country: [], app_version: [] });
            }}
          >
            Clear filters
          </Button>
        </div>
      )}
    </section>
  );
}
