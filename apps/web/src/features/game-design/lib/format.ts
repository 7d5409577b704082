// Numbers as the game-design pages show them (the same look as the other analytics pages).

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimals = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export const formatCount = (value: number | null) => (value === null ? '—' : counts.format(value));
export const formatDecimal = (value: number | null) => (value === null ? '—' : decimals.format(value));
/** Large amounts of a currency, shortened on axes ('1.2M'). */
export const formatCompact = (value: number | null) => (value === null ? '—' : compact.format(value));
export const formatPercent = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1).replace(/\.0$/u, '')}%`);
/** Seconds as '45 s', '2 min 5 s'. */
export function formatSeconds(value: number | null): string {
  if (value === null) return '—';
  const seconds = Math.round(value);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
}
