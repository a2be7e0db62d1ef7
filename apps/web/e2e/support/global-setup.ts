import { existsSync } from 'node:fs';
import { buildDatabaseTemplate, E2E_PGLITE_TEMPLATE_ENV } from './server.ts';

/**
 * Browser tests drive the built app that the server serves: fail early and clearly without it.
 * Then one migrated database for the run, which every test's server starts from a copy of.
 */
export default async function setup(): Promise<() => void> {
  const index = new URL('../../dist/index.html', import.meta.url);
  if (!existsSync(index)) {
    throw new Error('apps/web/dist is missing: run `npm test` (it builds first) or `npm run build`.');
  }
  const template = await buildDatabaseTemplate();
  process.env[E2E_PGLITE_TEMPLATE_ENV] = template.dir;
  return () => template.remove();
}
