import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './lists.ts';
import { parseTemplate, renderTemplate } from './message-template.ts';
import { ARCHIVE_POST_LIMITS } from './public-archive-limits.ts';

export * from './public-archive-limits.ts';

/**
 * The public archive (/frontend-pages/blog): campaigns an author published to it, shown with each
 * merge field's fallback (never a recipient's data), and posts staff write in Markdown.
 */

/**
 * The merge fields of a body that have no fallback (each named once, in order): published, they
 * would have to show a recipient's value, so they block publishing.
 */
export function fieldsWithoutFallback(body: string): string[] {
  const names = parseTemplate(body)
    .tokens.filter((token) => token.fallback === null || token.fallback === '')
    .map((token) => token.field);
  return [...new Set(names)];
}

/** The message as the archive shows it: every merge field replaced by its fallback, rendered for nobody. */
export function renderForArchive(body: string): string {
  return renderTemplate(body, {});
}

/** The clear message naming the fields that block publishing. */
export function withoutFallbackMessage(fields: readonly string[]): string {
  const list = fields.map((field) => `{{${field}}}`).join(', ');
  return `Give every merge field a fallback before publishing to the archive, e.g. {{${fields[0] ?? 'first_name'} | there}}: ${list}`;
}

export const ARCHIVE_ENTRY_KINDS = ['campaign', 'post'] as const;

/** One entry of the public archive. A campaign's body is plain text, a post's Markdown. */
export const archiveEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(ARCHIVE_ENTRY_KINDS),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type ArchiveEntry = z.infer<typeof archiveEntrySchema>;

/** GET /api/public/archive: newest first. */
export const archiveQuerySchema = pageQuerySchema;
export const archiveListSchema = listResponseSchema(archiveEntrySchema);
export type ArchiveList = z.infer<typeof archiveListSchema>;

/** GET /api/public/archive/{id}. */
export const archiveEntryResponseSchema = z.object({ entry: archiveEntrySchema });

export const archiveIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });

const postTitle = z
  .string({ error: 'title must be text' })
  .trim()
  .min(1, 'title is required')
  .max(ARCHIVE_POST_LIMITS.title, `title must be at most ${ARCHIVE_POST_LIMITS.title} characters`);
const postBody = z
  .string({ error: 'body must be text' })
  .trim()
  .min(1, 'body is required')
  .max(ARCHIVE_POST_LIMITS.body, `body must be at most ${ARCHIVE_POST_LIMITS.body} characters`);
const publishAt = z.iso.datetime({ offset: true, error: 'publishAt must be an ISO date-time, e.g. 2026-05-01T09:00:00Z' });

/** POST /api/public-site/posts: a date in the future keeps the post hidden until then. */
export const createArchivePostBodySchema = z.object({ title: postTitle, body: postBody, publishAt });
export type CreateArchivePostBody = z.infer<typeof createArchivePostBodySchema>;

/** PATCH /api/public-site/posts/{id}: any subset. */
export const updateArchivePostBodySchema = createArchivePostBodySchema.partial();
export type UpdateArchivePostBody = z.infer<typeof updateArchivePostBodySchema>;

/** A post as staff see it. */
export const archivePostSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  publishAt: z.string(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ArchivePost = z.infer<typeof archivePostSchema>;

export const archivePostListSchema = listResponseSchema(archivePostSchema);
export type ArchivePostList = z.infer<typeof archivePostListSchema>;
export const archivePostResponseSchema = z.object({ post: archivePostSchema });

/** PUT /api/campaigns/{id}/archive. */
export const campaignArchiveBodySchema = z.object({ published: z.boolean({ error: 'published must be true or false' }) });

/** Whether a campaign is published to the archive, since when and by whom. */
export const campaignArchiveSchema = z.object({
  published: z.boolean(),
  publishedAt: z.string().nullable(),
  publishedBy: z.string().nullable(),
});
export type CampaignArchive = z.infer<typeof campaignArchiveSchema>;
export const campaignArchiveResponseSchema = z.object({ archive: campaignArchiveSchema });
