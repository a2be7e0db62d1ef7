// Without zod, so the first pages need not load it (decision 064); public-archive.ts re-exports it.

/** Limits of a staff post. */
export const ARCHIVE_POST_LIMITS = { title: 200, body: 20_000 } as const;

/** Entries the landing page shows as "latest public messages". */
export const LATEST_ARCHIVE_ENTRIES = 3;

/** The stable address of the archive's RSS 2.0 feed. */
export const ARCHIVE_RSS_PATH = '/api/public/archive/rss';

/** The `code` of the 409 that refuses to publish a campaign whose merge fields lack a fallback. */
export const MERGE_FIELD_WITHOUT_FALLBACK_CODE = 'MERGE_FIELD_WITHOUT_FALLBACK';
