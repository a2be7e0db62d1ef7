// Without zod, so the top bar of every signed-in page need not load it (decision 064); search.ts re-exports it.

/** The shortest term the top-bar search sends (shorter terms match too much to be useful). */
export const SEARCH_MIN_LENGTH = 2;
/** Results per group: the search box shows a handful per group, the lists hold the rest. */
export const SEARCH_GROUP_LIMIT = 5;

/**
 * The server's groups. Sources are pluggable on the server: a new one adds its group name here.
 * Settings pages are searched in the browser (their names are translations).
 */
export const SEARCH_GROUPS = ['contacts', 'campaigns', 'templates', 'users'] as const;
export type SearchGroupName = (typeof SEARCH_GROUPS)[number];
