import { registerHooks } from 'node:module';

/**
 * Loads drizzle-orm through its CommonJS build. Node 24 deserialises a package's package.json for
 * every ES module file it resolves in it, and drizzle-orm has ~450 files under a 178 KB
 * package.json: `import('drizzle-orm/pg-core')` took 1.4 s and left ~160 MB of garbage, its
 * CommonJS build 0.2 s. The server answers its first request ~3.2 s after start instead of ~4.6 s
 * (PostgreSQL), and an embedded server restarts at ~590 MB resident instead of ~650 MB.
 * Imported first by the entry points (main.ts, worker.ts), before anything that imports drizzle-orm.
 */
const isDrizzle = (specifier: string) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

registerHooks({
  resolve: (specifier, context, nextResolve) => nextResolve(specifier, isDrizzle(specifier) ? { ...context, conditions: ['require', 'node', 'default'] } : context),
});
