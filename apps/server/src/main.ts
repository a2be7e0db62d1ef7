// Entry point of `npm start`: the API, the built web app and (unless RUN_WORKER=false) the job
// runner in one process (server-process.ts). The module hooks come first; everything else is
// imported after them, so drizzle-orm resolves through them (see platform/module-hooks.ts).
import './platform/module-hooks.ts';

await import('./server-process.ts');
