// The period an analytics view shows (its date range and granularity) is named the same on every
// page, so moving to another project can keep it. Here, not in a feature, because the projects
// feature (the switcher) and the analytics feature (the view) both read it (STYLE.md).

/** The URL parameters of a view's period: a preset, or from and to; and the granularity. */
export const periodParamNames = ['range', 'from', 'to', 'granularity'] as const;

/**
 * The period's parameters of a query string ('?…' or ''), for a link to the same page of another
 * project. The rest stays behind: filters, events and players are one game's values.
 */
export function periodSearch(search: string): string {
  const current = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of periodParamNames) {
    const value = current.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text === '' ? '' : `?${text}`;
}
