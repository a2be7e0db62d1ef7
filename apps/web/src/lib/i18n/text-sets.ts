/**
 * The translation namespaces the pages outside the signed-in frame read (/auth/*: sign-in,
 * registration, two-step, password reset, maintenance, 404). They load first, in one small file
 * per language; the rest of a language loads with the signed-in frame. The build groups the
 * files by this list too (vite.config.ts).
 */
export const SIGN_IN_NAMESPACES: readonly string[] = ['common', 'forms', 'auth', 'account-access', 'maintenance'];

/**
 * What the public site (/landingpage, /frontend-pages/*) reads beyond the sign-in set: one more
 * small file per language instead of the whole language (decision 038). Grouped by the build too.
 */
export const PUBLIC_SITE_NAMESPACES: readonly string[] = ['public', 'archive'];
