/**
 * Which translation namespaces load together (decision 067). The build puts each set of a language
 * in one file (delivery.build.ts); every other namespace is a file of its own, loaded with the pages
 * that read it (`withTexts`, page-texts.build.ts), so a page downloads its own texts, not the language's.
 */

/**
 * The namespaces the pages outside the signed-in frame read (/auth/*: sign-in, registration,
 * two-step, password reset, maintenance, 404). They load first, in one small file per language.
 */
export const SIGN_IN_NAMESPACES: readonly string[] = ['common', 'forms', 'auth', 'account-access', 'maintenance'];

/**
 * What the public site (/landingpage, /frontend-pages/*) reads beyond the sign-in set: one more
 * small file per language instead of the whole language (decision 038). Grouped by the build too.
 */
export const PUBLIC_SITE_NAMESPACES: readonly string[] = ['public', 'archive'];

/**
 * What the signed-in frame (sidebar, top bar, search, notifications, the settings menu) reads beyond
 * the sign-in set; it loads with the frame. `page-texts.test.ts` keeps it complete.
 */
export const FRAME_NAMESPACES: readonly string[] = ['account', 'notifications', 'search', 'settings', 'statuses'];
