// Entry point of `npm run worker`: the job runner alone (worker-process.ts). The owner-only file mask
// (platform/owner-only-files.ts), the embedded server's memory settings (platform/embedded-memory.ts)
// and the module hooks come first; everything else
// is imported after them (see platform/module-hooks.ts).
import './platform/compile-cache.ts';
import './platform/owner-only-files.ts';
import './platform/embedded-memory.ts';
import './platform/module-hooks.ts';

await import('./worker-process.ts');
