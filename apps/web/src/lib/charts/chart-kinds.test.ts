import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHART_MODULES, leanChartDefaults, X_CHARTS_DIR } from './chart-kinds';

/**
 * The build answers two of MUI X Charts' internal modules with the bar chart's defaults, and the
 * line chart brings its own config (decision 068). Both hold only while the app draws those two
 * kinds of chart, the line chart passes its config, and the library's files are where they were:
 * an upgrade that moves them would otherwise leave the replacement silently unused, or break.
 */

const SRC = join(import.meta.dirname, '../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

/** `export const a`, `export { a }` and `export { b as a }`: the names a module exports. */
const exportedNames = (source: string) =>
  new Set([
    ...[...source.matchAll(/export const (\w+)/g)].map((match) => match[1]),
    ...[...source.matchAll(/export \{([^}]*)\}/g)].flatMap((match) =>
      (match[1] ?? '').split(',').map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .at(-1),
      ),
    ),
  ]);

describe('the chart kinds the build keeps (decision 068)', () => {
  const files = sourceFiles(SRC);

  it('the app draws bar and line charts (and the design gallery a pie and a gauge), and every line or pie chart passes its own series config', () => {
    const imported = new Set(
      files.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/from '(@mui\/x-charts[^']*)'/g)].map((m) => m[1])),
    );
    expect([...imported].sort()).toEqual([
      '@mui/x-charts/BarChart',
      '@mui/x-charts/Gauge',
      '@mui/x-charts/LineChart',
      '@mui/x-charts/PieChart',
    ]);
    // No chart shows the charts' toolbar, whose toggle buttons the base slots leave out.
    for (const file of files) expect(readFileSync(file, 'utf8'), relative(SRC, file)).not.toMatch(/showToolbar|baseToggleButton/);
    const lineCharts = files.filter((file) => readFileSync(file, 'utf8').includes('<LineChart'));
    expect(lineCharts.length).toBeGreaterThan(0);
    for (const file of lineCharts)
      expect(readFileSync(file, 'utf8'), relative(SRC, file)).toMatch(
        /<LineChart[^>]*\n\s*(\/\/[^\n]*\n\s*)?seriesConfig=\{lineSeriesConfig\}/,
      );
    const pieCharts = files.filter((file) => readFileSync(file, 'utf8').includes('<PieChart'));
    for (const file of pieCharts)
      expect(readFileSync(file, 'utf8'), relative(SRC, file)).toMatch(/<PieChart[^>]*\n\s*seriesConfig=\{pieSeriesConfig\}/);
  });

  it('replaces modules the library still has, exporting the same names, and imports files it still has', () => {
    for (const [name, replacement] of Object.entries(CHART_MODULES)) {
      const imports = [...replacement.matchAll(/(?:import|export) (?:\{ (\w+)[^}]*\}|\w+) from '([^']+)'/g)];
      expect(imports.length).toBeGreaterThan(0);
      for (const [, binding, path = ''] of imports) {
        // A package's component (a default import): it must still resolve.
        if (!binding) {
          expect(() => createRequire(import.meta.url).resolve(path), path).not.toThrow();
          continue;
        }
        expect(existsSync(path), path).toBe(true);
        expect(exportedNames(readFileSync(path, 'utf8')), `${path} exports ${binding}`).toContain(binding);
      }
      if (name.startsWith('virtual:')) continue;
      const original = join(X_CHARTS_DIR, name);
      expect(existsSync(original), original).toBe(true);
      expect(exportedNames(replacement)).toEqual(exportedNames(readFileSync(original, 'utf8')));
    }
  });

  it('answers the imports the library makes of them', () => {
    const plugin = leanChartDefaults();
    const resolveId = plugin.resolveId as (source: string, importer?: string) => string | null;
    const importer = join(X_CHARTS_DIR, 'ChartsDataProvider/useChartsDataProviderProps.mjs');
    const source = readFileSync(importer, 'utf8');
    for (const specifier of ['../internals/plugins/utils/defaultSeriesConfig.mjs', '../internals/plugins/allPlugins.mjs']) {
      expect(source).toContain(`from "${specifier}"`);
      expect(resolveId(specifier, importer)).toMatch(/^\0chart-module:internals\//);
    }
    const provider = join(X_CHARTS_DIR, 'ChartsDataProvider/ChartsDataProvider.mjs');
    expect(readFileSync(provider, 'utf8')).toContain('from "../internals/material/index.mjs"');
    expect(resolveId('../internals/material/index.mjs', provider)).toBe('\0chart-module:internals/material/index.mjs');
    // Its own imports of other files, and other packages' relative imports, are left alone.
    expect(resolveId('../ChartsWrapper/index.mjs', importer)).toBeNull();
    expect(resolveId('./plugins/allPlugins.mjs', join(SRC, 'lib/x.ts'))).toBeNull();
  });
});
