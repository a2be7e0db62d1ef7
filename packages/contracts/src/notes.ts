import { z } from 'zod';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

/** Limits of internal notes (never sent as SMS). */
export const NOTE_LIMITS = { bodyMax: 4000, mentionsMax: 20, searchMax: 200 } as const;

/**
 * An internal note on a contact (a conversation of the inbox is one per contact, so its notes are
 * the contact's). `mentions` are the staff users the text names as `@Name` (each was notified).
 */
export const noteSchema = z.object({
  id: z.string(),
  contactId: z.string(),
  /** The contact's name (or null) and phone, for lists of notes across contacts. */
  contact: z.object({ firstName: z.string().nullable(), lastName: z.string().nullable(), phone: z.string() }),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  body: z.string(),
  mentions: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: z.string(),
  /** When the author last changed the text; null when never edited. */
  editedAt: z.string().nullable(),
});
export type Note = z.infer<typeof noteSchema>;

const bodyField = z
  .string({ error: 'body is required' })
  .max(NOTE_LIMITS.bodyMax, `body must be at most ${NOTE_LIMITS.bodyMax} characters`)
  .refine((value) => value.trim() !== '', 'body is required')
  .transform((value) => value.trim());
const mentionsField = z
  .array(z.uuid('mentions must be user ids'), { error: 'mentions must be a list of user ids' })
  .max(NOTE_LIMITS.mentionsMax, `mentions must name at most ${NOTE_LIMITS.mentionsMax} users`)
  .default([]);

/** POST /api/notes: `mentions` are the users picked after `@`; only those whose `@Name` the body still holds count. */
export const createNoteBodySchema = z.object({
  contactId: z.uuid({ error: 'contactId must be a valid contact id' }),
  body: bodyField,
  mentions: mentionsField,
});
export type CreateNoteBody = z.infer<typeof createNoteBodySchema>;

/** PUT /api/notes/{id}: the author changes the text (and its mentions; the newly mentioned are notified). */
export const updateNoteBodySchema = z.object({ body: bodyField, mentions: mentionsField });
export type UpdateNoteBody = z.infer<typeof updateNoteBodySchema>;

export const noteIdParamsSchema = z.object({ id: z.uuid('id must be a valid note id') });
export const noteResponseSchema = z.object({ note: noteSchema });

/** GET /api/notes: newest first; by contact, author, text, or those mentioning the caller. */
export const listNotesQuerySchema = pageQuerySchema.extend({
  contactId: z.uuid('contactId must be a valid contact id').optional(),
  authorId: z.uuid('authorId must be a user id').optional(),
  search: z.string().trim().max(NOTE_LIMITS.searchMax, `search must be at most ${NOTE_LIMITS.searchMax} characters`).optional(),
  mentionsMe: z
    .enum(['true', 'false'], { error: 'mentionsMe must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
});
export type ListNotesQuery = z.infer<typeof listNotesQuerySchema>;
export const noteListResponseSchema = listResponseSchema(noteSchema);
export type NoteList = z.infer<typeof noteListResponseSchema>;

/** GET /api/notes/mentionable: staff who may read notes, by name, for the `@` suggestions. */
export const mentionableQuerySchema = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export const mentionableResponseSchema = z.object({ data: z.array(z.object({ id: z.string(), name: z.string() })) });
export type Mentionable = z.infer<typeof mentionableResponseSchema>['data'][number];

/** GET /api/notes/authors: everyone who wrote a note, for the author filter. */
export const noteAuthorsResponseSchema = mentionableResponseSchema;

/**
 * The mentions a body really holds: the picked users whose `@Name` appears in it (any case),
 * each once. The web app and the API apply the same rule.
 */
export function mentionsInBody<T extends { id: string; name: string }>(body: string, picked: readonly T[]): T[] {
  const text = body.toLocaleLowerCase();
  const seen = new Set<string>();
  return picked.filter((user) => {
    if (seen.has(user.id) || !text.includes(`@${user.name.toLocaleLowerCase()}`)) return false;
    seen.add(user.id);
    return true;
  });
}
