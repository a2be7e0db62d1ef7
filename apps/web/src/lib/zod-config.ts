import { config } from 'zod';

// Zod probes `new Function` to speed up parsing; the CSP forbids eval, so the probe would be
// reported as a violation on every page. Parse without it. Imported first by main.tsx.
config({ jitless: true });
