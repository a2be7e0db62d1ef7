// Entry point of `npm run worker`: the job runner alone (worker-process.ts). The allocator settings
// (platform/allocator.ts) and the module hooks come first; everything else is imported after them
// (see platform/module-hooks.ts).
import './platform/allocator.ts';
import './platform/module-hooks.ts';

await import('./worker-process.ts');
