import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { SetURLSearchParams } from 'react-router';

/**
 * useSearchParams for the controls that keep a view in the address (filters, date range, modes,
 * a looked-up player, the list's search and page). Changing one keeps the scroll position: the
 * router's ScrollRestoration sends every new location to the top unless the navigation asks
 * otherwise, which threw the reader 3,000 px away from the control they had just used (issue 21).
 */
export function useViewParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setParams] = useSearchParams();
  const setViewParams = useCallback<SetURLSearchParams>(
    (next, options) => setParams(next, { preventScrollReset: true, ...options }),
    [setParams],
  );
  return [params, setViewParams];
}
