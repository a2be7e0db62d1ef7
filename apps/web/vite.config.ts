import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { FIRST_ROUTE_MODULES, FIRST_ROUTE_PRELOADS_FILE, PAGE_ENTRIES, PAGE_ENTRIES_FILE } from './src/app/first-route-modules.ts';
import { leanChartDefaults } from './src/lib/charts/chart-kinds.ts';
import { FRAME_NAMESPACES, PUBLIC_SITE_NAMESPACES, SIGN_IN_NAMESPACES } from './src/lib/i18n/text-sets.ts';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
/** Below this size a compressed copy saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 512;

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) next to every text file
 * of the build, once, so the server negotiates them without compressing per request (decision 036).
 * index.html is left alone: the server fills in a fresh nonce per request and compresses it then.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sms:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const content = readFileSync(path);
        if (content.length < MIN_COMPRESS_BYTES) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/**
 * Writes FIRST_ROUTE_PRELOADS_FILE: for each address of FIRST_ROUTE_MODULES, the files its modules
 * need (their chunks and every chunk those import, transitively) that index.html does not already
 * preload as the entry's. The server puts them into that address's HTML (decision 062).
 */
function firstRoutePreloads(): Plugin {
  let root = '';
  return {
    name: 'sms:first-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (files: string[], into = new Set<string>()) => {
        for (const file of files) {
          if (into.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)?.imports ?? [], into);
        }
        return into;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const inIndexHtml = closure(entry ? [entry.fileName] : []);
      const preloads: Record<string, string[]> = {};
      for (const [address, modules] of Object.entries(FIRST_ROUTE_MODULES)) {
        const files = modules.map((module) => {
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === resolve(root, module));
          if (!chunk) throw new Error(`first-route-modules: no chunk for ${module}`);
          return chunk.fileName;
        });
        preloads[address] = [...closure(files)].filter((file) => !inIndexHtml.has(file)).map((file) => `/${file}`);
      }
      this.emitFile({ type: 'asset', fileName: FIRST_ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

/**
 * Writes each page of PAGE_ENTRIES from the built index.html (one source for the page's head and
 * first paint), with its own entry's script, the files that entry imports as modulepreloads and its
 * styles, in place of the app's; and PAGE_ENTRIES_FILE, which the server reads (decision 071).
 */
function pageEntries(): Plugin {
  let root = '';
  return {
    name: 'sms:page-entries',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') throw new Error('page-entries: index.html is not in the bundle');
      const html = String(index.source);
      const appFiles =
        /\n *<script type="module" crossorigin src="\/assets\/[^"]+"><\/script>(\n *<link rel="(modulepreload|stylesheet)" crossorigin href="\/assets\/[^"]+">)*/;
      const indent = /\n( *)<script type="module"/.exec(html)?.[1] ?? '';
      if (!appFiles.test(html)) throw new Error("page-entries: index.html's script was not found");
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (file: string, into = new Set<string>()) => {
        if (into.has(file)) return into;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
        return into;
      };
      const addresses: Record<string, string> = {};
      for (const [address, { html: page, entry }] of Object.entries(PAGE_ENTRIES)) {
        const chunk = chunks.find((candidate) => candidate.isEntry && candidate.facadeModuleId === resolve(root, entry));
        if (!chunk) throw new Error(`page-entries: no entry chunk for ${entry}`);
        const files = [...closure(chunk.fileName)];
        const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        const tags = [
          `<script type="module" crossorigin src="/${chunk.fileName}"></script>`,
          ...files.filter((file) => file !== chunk.fileName).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
          ...styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
        ];
        this.emitFile({
          type: 'asset',
          fileName: page,
          source: html.replace(appFiles, () => tags.map((tag) => `\n${indent}${tag}`).join('')),
        });
        addresses[address] = page;
      }
      this.emitFile({ type: 'asset', fileName: PAGE_ENTRIES_FILE, source: JSON.stringify(addresses) });
    },
  };
}

/**
 * Vendor chunks for what every page needs (`$initial`: reachable from the entry without a lazy
 * import), so app changes do not bust library caches. The data grid and the charts have no group:
 * a group also captures what its modules import, which pulled MUI components the sign-in page
 * needs into the grid's file (decision 037); rolldown's own splitting keeps them with their pages.
 */
const INITIAL_VENDOR_CHUNKS: Array<[name: string, test: RegExp]> = [
  // Vite's module preload helper rides along: every page's lazy imports use it, and alone it was one more request.
  // React and i18next: what both entries need (the sign-in entry needs nothing else, decision 071).
  ['react', /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next)[\\/]|vite[\\/]preload-helper/],
  [
    'mui',
    /node_modules[\\/](@mui|@emotion|@popperjs|stylis|stylis-plugin-rtl|cssjanus|react-transition-group|@babel[\\/]runtime|clsx|prop-types|react-is)[\\/]/,
  ],
  ['icons', /node_modules[\\/]@tabler[\\/]/],
  ['data', /node_modules[\\/](@tanstack|react-router|@casl|@ucast|react-hook-form|@hookform|libphonenumber-js)[\\/]/],
];

/**
 * `locale-en-sign-in`, `locale-en-public` and `locale-en-frame` for the namespaces of those sets
 * (text-sets.ts), `locale-en-<namespace>` for every other namespace (decision 067).
 */
function localeChunk(id: string): string {
  const [, language = 'x', namespace = ''] = /[\\/]locales[\\/]([a-z]+)[\\/]([a-z-]+)\.json$/.exec(id) ?? [];
  if (SIGN_IN_NAMESPACES.includes(namespace)) return `locale-${language}-sign-in`;
  if (PUBLIC_SITE_NAMESPACES.includes(namespace)) return `locale-${language}-public`;
  return FRAME_NAMESPACES.includes(namespace) ? `locale-${language}-frame` : `locale-${language}-${namespace}`;
}

export default defineConfig({
  plugins: [react(), leanChartDefaults(), firstRoutePreloads(), pageEntries(), precompress()],
  // zod set up for the browser once, wherever it is first imported (src/lib/zod.ts).
  resolve: { alias: [{ find: /^zod$/, replacement: resolve(import.meta.dirname, 'src/lib/zod.ts') }] },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: { port: 4173, proxy: { '/api': { target: 'http://127.0.0.1:3000' } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app (index.html) and the pages with an entry of their own (decision 071).
      input: {
        index: resolve(import.meta.dirname, 'index.html'),
        ...Object.fromEntries(
          Object.values(PAGE_ENTRIES).map(({ html, entry }) => [html.replace(/\.html$/, ''), resolve(import.meta.dirname, entry)]),
        ),
      },
      output: {
        codeSplitting: {
          groups: [
            ...INITIAL_VENDOR_CHUNKS.map(([name, test], index) => ({ name, test, tags: ['$initial' as const], priority: 100 - index })),
            // The tooltip and its positioning (popper.js) in one file: not on the signed-out pages, whose two
            // tooltips load on first hover or focus (decision 047); the signed-in frame loads it whole.
            {
              name: 'tooltip',
              test: /node_modules[\\/](@mui[\\/]material[\\/](Tooltip|Popper)|@popperjs)[\\/]/,
              priority: 50,
              includeDependenciesRecursively: false,
            },
            // MUI's small shared parts outside the first download (transitions, portal, slot and ref helpers),
            // which many pages' components use, in one file rather than a dozen tiny ones.
            {
              name: 'mui-shared',
              test: /node_modules[\\/]@mui[\\/](utils|material[\\/](utils|internal|transitions|Grow|Fade|Portal))[\\/]/,
              priority: 40,
              includeDependenciesRecursively: false,
            },
            // The outlined text box's parts in one file: InputField and TextField's select both use them, and
            // split between the two they were a handful of small files on every page with a form.
            {
              name: 'mui-input',
              test: /node_modules[\\/]@mui[\\/]material[\\/](InputBase|OutlinedInput|InputLabel|FormControl|FormLabel|FormHelperText)[\\/]|src[\\/]components[\\/]forms[\\/]input-field\.tsx$/,
              priority: 45,
              includeDependenciesRecursively: false,
            },
            // zod whole in one file, loaded by the first form or check (the first pages load none: decision 064).
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod\.ts$/,
              priority: 30,
              includeDependenciesRecursively: false,
            },
            // Per interface language: the sign-in pages' namespaces, the public site's, the signed-in frame's, then one file per namespace.
            {
              name: localeChunk,
              test: /src[\\/]locales[\\/]/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
