import { z } from 'zod';

/** The shortest term the top-bar search sends (shorter terms match too much to be useful). */
export const SEARCH_MIN_LENGTH = 2;
/** Results per group: the search box shows a handful per group, the lists hold the rest. */
export const SEARCH_GROUP_LIMIT = 5;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(SEARCH_MIN_LENGTH).max(100),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * The server's groups. Sources are pluggable on the server: a new one adds its group name here.
 * Settings pages are searched in the browser (their names are translations).
 */
export const SEARCH_GROUPS = ['contacts', 'campaigns', 'templates', 'users'] as const;
export type SearchGroupName = (typeof SEARCH_GROUPS)[number];

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
