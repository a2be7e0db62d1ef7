import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { leanChartDefaults } from './src/lib/charts/chart-kinds.ts';
import { firstRoutePreloads, localeChunk, pageEntries } from './src/delivery/delivery.build.ts';
import { PAGE_ENTRIES } from './src/delivery/first-route-modules.ts';
import { pageTexts } from './src/delivery/page-texts.build.ts';

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

const FRAME_ICONS = [
  'AddressBook',
  'CalendarEvent',
  'ChartBar',
  'Help',
  'Language',
  'LayoutDashboard',
  'LayoutKanban',
  'Logout',
  'Mail',
  'Menu2',
  'MessageCircleBolt',
  'Messages',
  'Moon',
  'Notes',
  'Photo',
  'Search',
  'Send',
  'Settings',
  'ShieldCheck',
  'Sun',
  'Ticket',
  'User',
  'UserHeart',
  'Users',
  'UsersGroup',
];
/** The frame's own small modules beside them (its notices' and the country's queries), which no signed-out page imports. */
const FRAME_MODULES = [
  'api/sending-hold/get-sending-hold',
  'api/settings/get-messaging-settings',
  'api/settings/settings-keys',
  'api/notifications/notification-keys',
  'lib/messaging/use-default-country',
  'features/settings/components/settings-tab',
];
/** The signed-in frame's MUI components and icons (`frame-parts` below); `[\\/]` ends the name (List, not ListItem). */
const FRAME_PARTS = new RegExp(
  `node_modules[\\\\/](@mui[\\\\/]material[\\\\/](List|ListItem|ListItemButton|ListItemIcon|ListItemText|ListSubheader|Menu|MenuList|MenuItem|Popover|Modal|Drawer|Divider|Avatar|useMediaQuery)[\\\\/]|@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/]Icon(${FRAME_ICONS.join('|')})\\.mjs$)|src[\\\\/](${FRAME_MODULES.join('|')})\\.tsx?$`,
);

// zod set up for the browser once, wherever it is first imported (src/lib/zod.ts).
const resolveConfig = { alias: [{ find: /^zod$/, replacement: resolve(import.meta.dirname, 'src/lib/zod.ts') }] };

/**
 * `vite build --ssr`: the server's render of the public pages (decision 097), one module in
 * dist/.ssr (a dot folder: the server never serves it as a file), its libraries bundled in: Node
 * then loads one file in 0.4 s at the server's start, not thousands from node_modules in 3 s
 * (decision 120).
 */
const serverRenderConfig = defineConfig({
  plugins: [pageTexts(), react(), leanChartDefaults()],
  publicDir: false,
  resolve: resolveConfig,
  ssr: { noExternal: true },
  build: {
    ssr: 'src/delivery/public-pages.server.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    sourcemap: false,
    // One file: the server imports it again after a rebuild (a new URL), which split chunks would not follow.
    rolldownOptions: { output: { entryFileNames: 'public-pages.js', codeSplitting: false } },
  },
});

export default defineConfig((env) => (env.isSsrBuild ? serverRenderConfig : browserConfig));

const browserConfig = defineConfig({
  plugins: [pageTexts(), react(), leanChartDefaults(), firstRoutePreloads(), pageEntries(), precompress()],
  resolve: resolveConfig,
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
            // The signed-in frame's own parts (its menus, lists, drawer, the menu's icons) in one file: left to the
            // automatic splitting they were some forty files of a few hundred bytes, each a request of its own
            // on a first visit. Every signed-in page shows the frame, so none downloads a byte more; the
            // signed-out pages use none of them (issue 37).
            {
              name: 'frame-parts',
              test: FRAME_PARTS,
              priority: 35,
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
