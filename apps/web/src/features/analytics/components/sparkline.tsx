/** A tiny trend line for metric cards: plain SVG (no ECharts), decorative (the card states the figure). */
export function Sparkline({ points, className }: { points: (number | null)[]; className?: string }) {
  const values = points.filter((value): value is number => value !== null && Number.isFinite(value));
  if (values.length < 2) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = 100 / Math.max(points.length - 1, 1);
  // Gaps (null) break the line rather than pretending a value.
  const segments: string[] = [];
  let current = '';
  points.forEach((value, index) => {
    if (value === null || !Number.isFinite(value)) {
      if (current !== '') segments.push(current);
      current = '';
      return;
    }
    const x = (index * step).toFixed(2);
    const y = (28 - ((value - min) / span) * 26).toFixed(2);
    current += `${current === '' ? 'M' : 'L'}${x},${y} `;
  });
  if (current !== '') segments.push(current);
  return (
    <svg aria-hidden="true" viewBox="0 0 100 30" preserveAspectRatio="none" className={className ?? 'h-8 w-full text-primary'}>
      <path d={segments.join('')} fill="none" stroke="currentColor" strokeWidth="1.75" vectorEffect="non-scaling-stroke" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}
