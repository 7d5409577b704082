// The only module that imports ECharts, and only through chart.tsx's dynamic import: its own chunk,
// never in the sign-in path (scripts/size-budget.mjs). Only the charts and components the analytics
// pages draw are registered, so the rest of the library is tree-shaken away. Heatmap, VisualMap and
// DataZoom are left out while no page uses them (about 20 kB gzip): the retention heatmap is a table.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

register([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export { init };
