/**
 * localStorage keys of the colour mode (spec section 9), managed by MUI in the app; index.html's inline script
 * reads them before the first paint and the sign-in entry writes the mode there (decision 071).
 */
export const MODE_STORAGE_KEY = 'mui-mode';
export const COLOR_SCHEME_STORAGE_KEY = 'mui-color-scheme';
