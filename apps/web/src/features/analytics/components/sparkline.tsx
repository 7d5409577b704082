/**
 * A tiny trend line for metric cards: plain SVG (no ECharts), decorative (the card states the figure).
 * Segments reaching an incomplete bucket (`incomplete`, by index) are dashed: figures so far.
 */
export function Sparkline({ points, incomplete, className }: { points: (number | null)[]; incomplete?: boolean[]; className?: string }) {
  const values = points.filter((value): value is number => value !== null && Number.isFinite(value));
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = 100 / Math.max(points.length - 1, 1);
  const at = (index: number, value: number) => `${(index * step).toFixed(2)},${(28 - ((value - min) / span) * 26).toFixed(2)}`;
  // Gaps (null) break the line rather than pretending a value.
  let solid = '';
  let dashed = '';
  points.forEach((value, index) => {
    const next = points[index + 1];
    if (value === null || next === null || next === undefined || !Number.isFinite(value) || !Number.isFinite(next)) return;
    const segment = `M${at(index, value)} L${at(index + 1, next)} `;
    if (incomplete?.[index] === true || incomplete?.[index + 1] === true) dashed += segment;
    else solid += segment;
  });
  const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.75, vectorEffect: 'non-scaling-stroke', strokeLinejoin: 'round', strokeLinecap: 'round' } as const;
  return (
    <svg aria-hidden="true" viewBox="0 0 100 30" preserveAspectRatio="none" className={className ?? 'h-8 w-full text-primary'}>
      {solid !== '' && <path d={solid} {...stroke} />}
      {dashed !== '' && <path d={dashed} {...stroke} strokeDasharray="3 3" strokeLinecap="butt" data-so-far="" />}
    </svg>
  );
}
