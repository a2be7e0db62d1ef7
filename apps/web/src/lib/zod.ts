import { config } from 'zod/v4';

// The web app's zod. Every `from 'zod'` of the bundle, the contracts' included, resolves to this
// module (vite.config.ts), so the setting below runs before any schema is built or parsed, on
// whichever page first loads zod (the first pages load none: decision 064).
// Zod probes `new Function` to speed up parsing; the CSP forbids eval, so the probe would be
// reported as a violation on every page. Parse without it.
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
