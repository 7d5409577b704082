import type { ECharts } from 'echarts/core';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';

import { cn } from '../../../utils/cn';
import type { ChartOption } from './chart-options';
import type { init } from './echarts-setup';
import { type ChartScheme, chartTheme, currentScheme } from './chart-theme';

// ECharts loads on the first chart that has room to draw (its own chunk, see echarts-setup.ts).
let echartsModule: Promise<{ init: typeof init }> | null = null;
const loadEcharts = () => (echartsModule ??= import('./echarts-setup'));

// The theme feature toggles the `dark` class on <html>; charts follow it without importing it.
function subscribeToScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => {
    observer.disconnect();
  };
}
export const useChartScheme = (): ChartScheme => useSyncExternalStore(subscribeToScheme, currentScheme, () => 'light');

/** The figures behind a chart, as a table for screen readers and for anyone who opens it. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

export interface ChartProps {
  option: ChartOption;
  /** Pixels. */
  height?: number;
  /** The chart's accessible name: what it shows, e.g. 'Daily active users, Mar 1 – Mar 30'. */
  ariaLabel: string;
  /** Its data, readable by screen readers and shown under the chart on demand. */
  table?: ChartTable;
  className?: string;
}

/**
 * An ECharts chart that resizes with its container and follows the light/dark theme. A skeleton
 * holds its place until ECharts has loaded and the container has a size.
 */
export function Chart({ option, height = 280, ariaLabel, table, className }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ECharts | null>(null);
  const scheme = useChartScheme();

  // Created once the container has a width (never in a hidden tab or jsdom), resized with it.
  useEffect(() => {
    const element = container.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let instance: ECharts | null = null;
    let cancelled = false;
    let starting = false;
    const observer = new ResizeObserver(() => {
      if (instance) {
        instance.resize();
        return;
      }
      if (starting || element.clientWidth === 0) return;
      starting = true;
      void loadEcharts().then((echarts) => {
        if (cancelled) return;
        instance = echarts.init(element, chartTheme(currentScheme()), { renderer: 'svg' });
        setChart(instance);
      });
    });
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      instance?.dispose();
      setChart(null);
    };
  }, []);

  useEffect(() => {
    chart?.setTheme(chartTheme(scheme));
  }, [chart, scheme]);

  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    chart?.setOption({ animation: !reducedMotion, ...option }, { notMerge: true });
  }, [chart, option]);

  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)}>
      <div className="relative w-full" style={{ height }}>
        <div ref={container} role="img" aria-label={ariaLabel} className="absolute inset-0" />
        {!chart && (
          <div aria-hidden="true" className="absolute inset-0 animate-pulse rounded-lg bg-muted motion-reduce:animate-none" />
        )}
      </div>
      {table && <ChartDataTable label={ariaLabel} table={table} />}
    </figure>
  );
}

/** Hidden visually (not from screen readers) until "Show data" opens it. */
function ChartDataTable({ label, table }: { label: string; table: ChartTable }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <figcaption className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen(!open);
        }}
        className="cursor-pointer rounded text-xs font-medium text-link underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {open ? 'Hide data' : 'Show data'}
      </button>
      <div id={id} className={open ? 'max-h-80 w-full overflow-auto rounded-lg border' : 'sr-only'}>
        <table className="w-full text-left text-xs tabular-nums">
          <caption className="sr-only">{label}</caption>
          <thead className="sticky top-0 bg-card">
            <tr>
              {table.columns.map((column, index) => (
                <th key={column} scope="col" className={cn('px-3 py-2 font-medium text-muted-foreground', index > 0 && 'text-right')}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {table.rows.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row" className="px-3 py-1.5 font-normal whitespace-nowrap">
                      {cell}
                    </th>
                  ) : (
                    <td key={index} className="px-3 py-1.5 text-right whitespace-nowrap">
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figcaption>
  );
}
