import { existsSync } from 'node:fs';

/** Browser tests drive the built app that the server serves; fail early and clearly without it. */
export default function setup(): void {
  const index = new URL('../../dist/index.html', import.meta.url);
  if (!existsSync(index)) {
    throw new Error('apps/web/dist is missing: run `npm test` (it builds first) or `npm run build`.');
  }
}
