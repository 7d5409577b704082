// Chart colours from the design tokens of styles/index.css, so charts read well in light and dark.
// Series colours: the primary first, then hues that stay apart for colour-blind readers and keep
// at least 3:1 against the card in their scheme.
export type ChartScheme = 'light' | 'dark';

export const seriesPalettes: Record<ChartScheme, string[]> = {
  light: ['#4f46e5', '#0e7490', '#c2410c', '#be185d', '#15803d', '#7c3aed', '#a16207', '#0369a1', '#b91c1c', '#4d7c0f', '#6b7280'],
  dark: ['#818cf8', '#22d3ee', '#fb923c', '#f472b6', '#4ade80', '#c084fc', '#facc15', '#38bdf8', '#f87171', '#a3e635', '#9ca3af'],
};

const fallbacks: Record<ChartScheme, Record<string, string>> = {
  light: { '--foreground': '#18181b', '--muted-foreground': '#5f5f6b', '--border': '#e4e4e9', '--card': '#ffffff' },
  dark: { '--foreground': '#ededf0', '--muted-foreground': '#a0a0ab', '--border': '#26262d', '--card': '#131318' },
};

/** The scheme on screen: the theme feature sets the `dark` class on <html>. */
export function currentScheme(): ChartScheme {
  return typeof document !== 'undefined' && document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

function token(name: string, scheme: ChartScheme): string {
  const value = typeof document === 'undefined' ? '' : getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? (fallbacks[scheme][name] ?? '#888888') : value;
}

/** An ECharts theme object for the scheme: subtle grid lines, themed tooltips and legends. */
export function chartTheme(scheme: ChartScheme): Record<string, unknown> {
  const foreground = token('--foreground', scheme);
  const muted = token('--muted-foreground', scheme);
  const border = token('--border', scheme);
  const card = token('--card', scheme);
  const fontFamily = typeof document === 'undefined' ? 'sans-serif' : getComputedStyle(document.body).fontFamily || 'sans-serif';
  const axis = {
    axisLine: { show: true, lineStyle: { color: border } },
    axisTick: { show: false },
    axisLabel: { color: muted, fontSize: 11 },
    splitLine: { show: false, lineStyle: { color: border } },
    nameTextStyle: { color: muted },
  };
  return {
    color: seriesPalettes[scheme],
    backgroundColor: 'transparent',
    textStyle: { color: foreground, fontFamily },
    legend: {
      textStyle: { color: foreground, fontSize: 12 },
      inactiveColor: border,
      icon: 'roundRect',
      itemWidth: 12,
      itemHeight: 8,
      // The arrows of a scrolling legend: ECharts' defaults are for a light background.
      pageIconColor: foreground,
      pageIconInactiveColor: border,
      pageTextStyle: { color: muted },
    },
    tooltip: {
      backgroundColor: card,
      borderColor: border,
      borderWidth: 1,
      textStyle: { color: foreground, fontSize: 12, fontFamily },
      extraCssText: 'border-radius: 8px; box-shadow: 0 8px 24px -12px rgb(0 0 0 / 0.35);',
      axisPointer: { lineStyle: { color: muted, type: 'dashed' }, shadowStyle: { color: scheme === 'dark' ? 'rgba(255,255,255,0.05)' : 'rgba(0,0,0,0.04)' } },
    },
    categoryAxis: axis,
    timeAxis: axis,
    valueAxis: { ...axis, axisLine: { show: false }, splitLine: { show: true, lineStyle: { color: border, type: 'dashed' } } },
    line: { symbol: 'circle', symbolSize: 5, showSymbol: false, lineStyle: { width: 2 } },
    bar: { itemStyle: { borderRadius: [3, 3, 0, 0] } },
  };
}
