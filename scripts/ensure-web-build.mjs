// Builds the web app when apps/web/dist is missing or older than its sources, so `npm start`
// and `npm test` always serve the current UI without rebuilding on every run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const builtIndex = join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'];

/** Newest modification time (ms) of a file or of every file under a folder. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(join(root, source))));
if (builtAt > changedAt && process.env.FORCE_WEB_BUILD !== '1') {
  console.info('web app: build is up to date');
} else {
  console.info('web app: building apps/web ...');
  // Always a production build, whoever calls: under Vitest NODE_ENV is `test`, and Vite would then
  // build React's development bundle (its warnings end up in the browser tests' console).
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
