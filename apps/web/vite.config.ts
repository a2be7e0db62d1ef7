import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Vendor chunks for what every page needs (`$initial`: reachable from the entry without a lazy
 * import), so app changes do not bust library caches; the data grid stays with the lazy pages
 * that use it, in its own chunk.
 */
const INITIAL_VENDOR_CHUNKS: Array<[name: string, test: RegExp]> = [
  ['react', /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/],
  [
    'mui',
    /node_modules[\\/](@mui|@emotion|@popperjs|stylis|stylis-plugin-rtl|cssjanus|react-transition-group|@babel[\\/]runtime|clsx|prop-types|react-is)[\\/]/,
  ],
  ['icons', /node_modules[\\/]@tabler[\\/]/],
  ['data', /node_modules[\\/](@tanstack|axios|i18next|react-i18next|@casl|@ucast|zod|react-hook-form|@hookform|libphonenumber-js)[\\/]/],
];

export default defineConfig({
  plugins: [react()],
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
      output: {
        codeSplitting: {
          groups: [
            ...INITIAL_VENDOR_CHUNKS.map(([name, test], index) => ({ name, test, tags: ['$initial' as const], priority: 100 - index })),
            { name: 'mui-charts', test: /node_modules[\\/](@mui[\\/]x-charts|@mui[\\/]x-internal-gestures|bezier-easing)/, priority: 11 },
            { name: 'mui-data-grid', test: /node_modules[\\/]@mui[\\/]x-/, priority: 10 },
          ],
        },
      },
    },
  },
});
