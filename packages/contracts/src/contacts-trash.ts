import { z } from 'zod';
import { CONTACT_LIMITS, contactSchema } from './contacts.ts';
import { listResponseSchema, pageQuerySchema } from './lists.ts';

export { TRASH_DAYS } from './contacts-trash-days.ts';

/** A contact in the trash: the contact as it was, when it was deleted and when it goes for good. */
export const trashedContactSchema = contactSchema.extend({
  deletedAt: z.iso.datetime(),
  purgeAfter: z.iso.datetime(),
});
export type TrashedContact = z.infer<typeof trashedContactSchema>;

/** GET /api/contacts/trash: most recently deleted first; `search` as the list's (phone prefix, or start of a name or e-mail). */
export const listTrashQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type ListTrashQuery = z.infer<typeof listTrashQuerySchema>;

export const trashListResponseSchema = listResponseSchema(trashedContactSchema);
export type TrashList = z.infer<typeof trashListResponseSchema>;

/** POST /api/contacts/trash/restore: the contacts to take out of the trash. */
export const restoreContactsBodySchema = z.object({
  ids: z
    .array(z.uuid('ids must be contact ids'))
    .min(1, 'ids must name at least one contact')
    .max(CONTACT_LIMITS.bulkIdsMax, `ids may name at most ${CONTACT_LIMITS.bulkIdsMax} contacts`),
});
export type RestoreContactsBody = z.infer<typeof restoreContactsBodySchema>;

export const restoreContactsResponseSchema = z.object({ restored: z.number().int() });
export type RestoreContactsResponse = z.infer<typeof restoreContactsResponseSchema>;
