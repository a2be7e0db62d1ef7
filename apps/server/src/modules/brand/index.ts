// The public face of this module: what other modules and the entry points use. Everything else
// in the folder is internal (docs/decisions/034-module-layers.md; npm run lint enforces it).

export { brandRoutes } from './brand.routes.ts';
export { findBrandRow } from './brand.queries.ts';
export { loadBrand } from './brand.service.ts';
export { presentBrand } from './brand.presenter.ts';
// The media library (modules/gallery) checks, re-encodes, stores and serves its images as brand assets.
export { assetPath, galleryThumbnail, processGalleryImage } from './brand-assets.ts';
export { readUpload } from './brand-upload.ts';
export { insertBrandAssets } from './brand.queries.ts';
