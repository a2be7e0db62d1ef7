// Entry point of `npm run worker`: the job runner alone (worker-process.ts). The module hooks come
// first; everything else is imported after them (see platform/module-hooks.ts).
import './platform/module-hooks.ts';

await import('./worker-process.ts');
