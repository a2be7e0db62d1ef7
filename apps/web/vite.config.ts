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
  // The page's frame inside it, the maintenance notice, the stored preferences and the country list (decision 114).
  'components/page-container',
  'components/after-first-paint',
  'components/empty-state',
  'api/maintenance/get-maintenance-status',
  'api/account/update-preferences',
  'lib/countries',
];
/** The signed-in frame's MUI components and icons (`frame-parts` below); `[\\/]` ends the name (List, not ListItem). */
const FRAME_PARTS = new RegExp(
  `node_modules[\\\\/](@mui[\\\\/]material[\\\\/](List|ListItem|ListItemButton|ListItemIcon|ListItemText|ListItemSecondaryAction|ListSubheader|Menu|MenuList|MenuItem|Popover|Modal|Drawer|Slide|Backdrop|Unstable_TrapFocus|Divider|Avatar|Breadcrumbs|Skeleton|AlertTitle|useMediaQuery)[\\\\/]|@mui[\\\\/]system[\\\\/]useMediaQuery[\\\\/]|@mui[\\\\/]material[\\\\/](styles[\\\\/]cssUtils|Select[\\\\/]utils[\\\\/]SelectFocusSourceContext)\\.mjs$|@tabler[\\\\/]icons-react[\\\\/]dist[\\\\/]esm[\\\\/]icons[\\\\/]Icon(${FRAME_ICONS.join('|')})\\.mjs$)|src[\\\\/](${FRAME_MODULES.join('|')})\\.tsx?$`,
);

/** Folders of MUI whose modules go into `first-screens`; `[\\/]` ends the name (Card, not CardContent). */
const FIRST_SCREEN_MUI = [
  // MUI's small shared parts outside the first download (transitions, portal, slot and ref helpers).
  'utils',
  'material/utils',
  'material/internal',
  'material/transitions',
  'material/Grow',
  'material/Fade',
  'material/Portal',
  // The outlined text box's parts: InputField and TextField's select both use them (the frame's search too).
  'material/InputBase',
  'material/OutlinedInput',
  'material/InputLabel',
  'material/FormControl',
  'material/FormLabel',
  'material/FormHelperText',
  // Components the landing page and the dashboard (with its frame) both render.
  'material/Alert',
  'material/Paper',
  'material/Card',
  'material/CardContent',
  'material/CardActionArea',
  'material/Grid',
  'system/Grid',
  'material/Link',
  'material/Chip',
  'material/Toolbar',
  'material/SvgIcon',
  'material/TextareaAutosize',
  'material/Container',
  'system/Container',
  'material/AppBar',
];
/** The app's own small modules both first screens import (under src, without the extension); none the sign-in entry imports. */
const FIRST_SCREEN_MODULES = [
  'components/forms/input-field',
  'components/lazy-tooltip',
  'components/once-opened',
  'components/visually-hidden',
  'components/date-time',
  'components/brand-logo',
  'lib/lazy-page',
  'lib/server-rendering/use-hydrated',
  'app/layouts/skip-link',
];
const FIRST_SCREEN_PARTS = new RegExp(
  [
    `node_modules[\\\\/]@mui[\\\\/](${FIRST_SCREEN_MUI.join('|').replaceAll('/', '[\\\\/]')})[\\\\/]`,
    'node_modules[\\\\/]@mui[\\\\/]material[\\\\/]Select[\\\\/]selectClasses',
    'node_modules[\\\\/]react-transition-group[\\\\/]esm[\\\\/]TransitionGroupContext',
    'node_modules[\\\\/]@tanstack[\\\\/](react-query[\\\\/]build[\\\\/]modern[\\\\/]useMutation|query-core[\\\\/]build[\\\\/]modern[\\\\/]mutationObserver)',
    `src[\\\\/](${FIRST_SCREEN_MODULES.join('|').replaceAll('/', '[\\\\/]')})\\.tsx?$`,
  ].join('|'),
);
/** The landing page's parts beside its route module (its archive's cards and feed link, the subscribe form). */
const PUBLIC_PARTS =
  /src[\\/](features[\\/]public-site[\\/]components[\\/](archive-entry-card|archive-feed-link|archive-excerpt|subscribe-form|public-content|public-error)|api[\\/]public-site[\\/](get-archive|subscribe|confirm-subscription))\.tsx?$|contracts[\\/]src[\\/]public-archive-limits\.ts$/;

// zod set up for the browser once, wherever it is first imported (src/lib/zod.ts).
const resolveConfig = { alias: [{ find: /^zod$/, replacement: resolve(import.meta.dirname, 'src/lib/zod.ts') }] };

/**
 * `vite build --ssr`: the server's render of the public pages (decision 097), one module in
 * dist/.ssr (a dot folder: the server never serves it as a file); its libraries stay in node_modules.
 */
const serverRenderConfig = defineConfig({
  plugins: [pageTexts(), react(), leanChartDefaults()],
  publicDir: false,
  resolve: resolveConfig,
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
            // What a first visit of the public site and of a signed-in page both need beyond React and MUI's core
            // (FIRST_SCREEN_PARTS) in one file: left to the automatic splitting it was some twenty-five files of a
            // few hundred bytes, each one more request (HTTP/1.1, six at a time) before the page could render
            // (issues 37, 38, decision 114). The sign-in entry imports none of it.
            {
              name: 'first-screens',
              test: FIRST_SCREEN_PARTS,
              priority: 45,
              includeDependenciesRecursively: false,
            },
            // The landing page's own parts (its archive's cards, the subscribe form), which no signed-in first screen uses.
            {
              name: 'public-parts',
              test: PUBLIC_PARTS,
              priority: 36,
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
