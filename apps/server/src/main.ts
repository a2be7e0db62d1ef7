// Entry point of `npm start`: the API, the built web app and (unless RUN_WORKER=false) the job
// runner in one process (server-process.ts). The owner-only file mask
// (platform/owner-only-files.ts), the embedded server's memory settings (platform/embedded-memory.ts)
// and the module hooks come first; everything else is imported
// after them, so drizzle-orm resolves through the hooks (see platform/module-hooks.ts).
import './platform/compile-cache.ts';
import './platform/owner-only-files.ts';
import './platform/embedded-memory.ts';
import './platform/module-hooks.ts';

await import('./server-process.ts');
