import { z } from 'zod';
import { SEARCH_GROUPS, SEARCH_MIN_LENGTH } from './search-limits.ts';

export * from './search-limits.ts';

export const searchQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH).max(100),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** One hit: what to show and what it opens (`id` of the contact, campaign or user). */
export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** A second line: a contact's phone and e-mail, a template's category, a user's e-mail. */
  detail: z.string().nullable(),
  /** A code the web app translates: a campaign's status, a user's role. */
  tag: z.string().nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchGroupSchema = z.object({ group: z.enum(SEARCH_GROUPS), hits: z.array(searchHitSchema) });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** Only the groups the user may read, in a fixed order; empty groups are left out. */
export const searchResponseSchema = z.object({ groups: z.array(searchGroupSchema) });
export type SearchResponse = z.infer<typeof searchResponseSchema>;
