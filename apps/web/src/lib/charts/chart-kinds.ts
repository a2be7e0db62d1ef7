import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** MUI X Charts' own folder: the modules below name its internal files by path (they are not in its exports). */
export const X_CHARTS_DIR = dirname(createRequire(import.meta.url).resolve('@mui/x-charts/package.json'));

/**
 * Every MUI X chart imports the defaults for all chart kinds (the bar, line, scatter and pie series
 * configs; every interaction plugin, the scatter's closest-point search included), even one that
 * passes its own. The app draws bar charts with their defaults, and one line chart that passes its
 * series config (`virtual:line-series-config`) and its plugins, so the defaults are replaced by the
 * bar chart's (decision 068). The base slots leave out the toolbar's toggle buttons. `chart-kinds.test.ts`
 * fails if a page draws another kind of chart or shows the toolbar, or these files move in an upgrade.
 */
export const CHART_MODULES: Record<string, string> = {
  'internals/plugins/utils/defaultSeriesConfig.mjs': [
    `import { barSeriesConfig } from '${X_CHARTS_DIR}/BarChart/seriesConfig/index.mjs';`,
    'export const defaultSeriesConfig = { bar: barSeriesConfig };',
  ].join('\n'),
  'internals/plugins/allPlugins.mjs': `export { BAR_CHART_PLUGINS as DEFAULT_PLUGINS } from '${X_CHARTS_DIR}/BarChart/BarChart.plugins.mjs';`,
  // The charts' base slots: MUI's Button and IconButton, and the toggle buttons of the charts' toolbar,
  // which no chart of the app shows (chart-kinds.test.ts): 2 KB of ToggleButtonGroup on every chart page.
  'internals/material/index.mjs': [
    "import Button from '@mui/material/Button';",
    "import IconButton from '@mui/material/IconButton';",
    'export const defaultSlotsMaterial = { baseButton: Button, baseIconButton: IconButton };',
  ].join('\n'),
  'virtual:line-series-config': [
    `import { lineSeriesConfig as line } from '${X_CHARTS_DIR}/LineChart/seriesConfig/index.mjs';`,
    'export const lineSeriesConfig = { line };',
  ].join('\n'),
  // The design gallery's doughnut (its own chunk) brings the pie's config the same way.
  'virtual:pie-series-config': [
    `import { pieSeriesConfig as pie } from '${X_CHARTS_DIR}/PieChart/seriesConfig/index.mjs';`,
    'export const pieSeriesConfig = { pie };',
  ].join('\n'),
};

/** The build plugin: MUI X Charts' imports of the default files and base slots, and the line chart's config, answered by CHART_MODULES. */
export function leanChartDefaults(): Plugin {
  const PREFIX = '\0chart-module:';
  return {
    name: 'sms:lean-chart-defaults',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'virtual:line-series-config' || source === 'virtual:pie-series-config') return PREFIX + source;
      if (!importer?.startsWith(`${X_CHARTS_DIR}/`) || !source.startsWith('.')) return null;
      const file = resolve(importer, '..', source).slice(X_CHARTS_DIR.length + 1);
      return file in CHART_MODULES ? PREFIX + file : null;
    },
    load(id) {
      return id.startsWith(PREFIX) ? CHART_MODULES[id.slice(PREFIX.length)] : null;
    },
  };
}
