import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vendor groups kept apart so no chunk is enormous and app changes do not bust library caches. */
const VENDOR_CHUNKS: Array<[name: string, test: RegExp]> = [
  ['react', /node_modules\/(react|react-dom|scheduler|react-router)\//],
  ['mui-data-grid', /node_modules\/@mui\/x-/],
  ['mui', /node_modules\/(@mui|@emotion|@popperjs|stylis|stylis-plugin-rtl|cssjanus|react-transition-group|@babel\/runtime|clsx|prop-types|react-is)\//],
  ['icons', /node_modules\/@tabler\//],
  ['data', /node_modules\/(@tanstack|axios|i18next|react-i18next|@casl|zod|react-hook-form|@hookform|libphonenumber-js)\//],
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
          groups: VENDOR_CHUNKS.map(([name, test]) => ({ name, test })),
        },
      },
    },
  },
});
