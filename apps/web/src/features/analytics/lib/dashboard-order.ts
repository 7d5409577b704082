// Re-ordering the dashboard's charts: Move up / Move down produce the full new order, which
// PUT …/dashboard/order saves as a list of every chart id.

export const ORDER_FAILED_MESSAGE = 'The new order could not be saved. The charts are back where they were.';

/** The ids with `id` moved by `offset` places (clamped at both ends); the same list when it cannot move. */
export function moveChart(ids: readonly string[], id: string, offset: number): string[] {
  const from = ids.indexOf(id);
  if (from === -1) return [...ids];
  const to = Math.min(ids.length - 1, Math.max(0, from + offset));
  const rest = ids.filter((candidate) => candidate !== id);
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

/** The charts in the order of `ids`; a chart the list does not name keeps its place after them. */
export function orderCharts<Chart extends { id: string }>(charts: readonly Chart[], ids: readonly string[]): Chart[] {
  const position = new Map(ids.map((id, index) => [id, index]));
  return [...charts].sort((a, b) => (position.get(a.id) ?? ids.length) - (position.get(b.id) ?? ids.length));
}

/** Whether Move up / Move down can do anything for the chart at `index` of `count`. */
export const canMove = (index: number, count: number, offset: -1 | 1) => (offset < 0 ? index > 0 : index < count - 1);
