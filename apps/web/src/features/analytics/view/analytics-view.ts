// The view every analytics page shows, wired to the router: the pure helpers that read and write it
// in the page's URL are in view-query.ts, re-exported here for the pages.
import { useCallback, useMemo } from 'react';

import { useViewParams } from '../../../hooks/use-view-params';
import { type AnalyticsView, type DatePresetKey, type ViewPatch, applyViewPatch, parseView, selectedPreset, viewApiParams } from './view-query';

export * from './view-query';

export interface AnalyticsViewState {
  view: AnalyticsView;
  /** 'custom' when the URL names fixed days. */
  preset: DatePresetKey | 'custom';
  /** Writes the patch into the URL (a new history entry unless replace). */
  setView: (patch: ViewPatch, options?: { replace?: boolean }) => void;
  apiParams: Record<string, string>;
}

/** The view in the current page's URL. */
export function useAnalyticsView(): AnalyticsViewState {
  const [params, setParams] = useViewParams();
  const search = params.toString();
  // Keyed by the search string, so the view and the API query keep their identity between renders.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `search` stands for `params`
  const view = useMemo(() => parseView(params), [search]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  const preset = useMemo(() => selectedPreset(params), [search]);
  const apiParams = useMemo(() => viewApiParams(view), [view]);
  const setView = useCallback(
    (patch: ViewPatch, options: { replace?: boolean } = {}) => {
      setParams((current) => applyViewPatch(current, patch), { replace: options.replace ?? false });
    },
    [setParams],
  );
  return { view, preset, setView, apiParams };
}
