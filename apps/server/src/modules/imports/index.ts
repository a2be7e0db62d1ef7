// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { startImportWorker } from './import-job.ts';
export { importsRoutes } from './imports.routes.ts';
export { importLimits, type ImportLimits } from './limits.ts';
export { uploadStoreFor } from './upload/upload-store.ts';
