import { createContext, useContext } from 'react';

/** The section the address names (null: none), for the sections to outline and scroll to. */
export const GallerySectionContext = createContext<string | null>(null);

/** The section the address names. */
export const useGallerySection = () => useContext(GallerySectionContext);
