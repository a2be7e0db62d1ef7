import { registerHooks } from 'node:module';

/**
 * Loads drizzle-orm through its CommonJS build. Node 24 deserialises a package's package.json for
 * every ES module file it resolves in it, and drizzle-orm has hundreds of files under a large
 * package.json: its ES build loaded many times slower than its CommonJS build and left a lot of
 * garbage. Through the CommonJS build the server answers its first request sooner, and an embedded
 * server restarts with less memory resident.
 * Imported first by the entry points (main.ts, worker.ts), before anything that imports drizzle-orm.
 */
const isDrizzle = (specifier: string) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

registerHooks({
  resolve: (specifier, context, nextResolve) =>
    nextResolve(specifier, isDrizzle(specifier) ? { ...context, conditions: ['require', 'node', 'default'] } : context),
});
