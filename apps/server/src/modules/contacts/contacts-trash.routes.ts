import { contactIdParamsSchema, contactResponseSchema } from '@sms/contracts/contacts';
import {
  listTrashQuerySchema,
  restoreContactsBodySchema,
  restoreContactsResponseSchema,
  TRASH_DAYS,
  trashListResponseSchema,
} from '@sms/contracts/contacts-trash';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentContact } from './contacts.presenter.ts';
import { findAnyContactById } from './contacts.queries.ts';
import { presentTrashedContact, restoreContacts } from './contacts-trash.ts';
import { listTrashRows } from './contacts-trash.queries.ts';

const tags = ['contacts'];
/** Whoever may delete contacts may see what was deleted and undo it (decision 087). */
const CANNOT_RESTORE = 'Only administrators and managers can see and restore deleted contacts.';

/** The trash: deleted contacts, restorable for TRASH_DAYS days (decision 087). */
export const contactsTrashRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const trashed = recordLoader(async (id) => {
    const row = await findAnyContactById(db, id);
    if (!row?.deletedAt) throw new NotFound('Contact not found in the trash');
    return row;
  });

  app.get(
    '/api/contacts/trash',
    {
      config: { auth: 'required', can: ['delete', 'Contact'], refusal: CANNOT_RESTORE },
      schema: {
        tags,
        summary: 'Deleted contacts (the trash)',
        description: `Most recently deleted first. A deleted contact can be restored for ${TRASH_DAYS} days (\`purgeAfter\`), then it is deleted for good.`,
        querystring: listTrashQuerySchema,
        response: { 200: trashListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listTrashRows(db, request.query);
      return { data: rows.map(presentTrashedContact), total };
    },
  );

  app.post(
    '/api/contacts/trash/restore',
    {
      config: { auth: 'required', can: ['delete', 'Contact'], refusal: CANNOT_RESTORE },
      schema: {
        tags,
        summary: 'Restore deleted contacts',
        description: 'Ids not in the trash are left alone; answers how many contacts came back.',
        body: restoreContactsBodySchema,
        response: { 200: restoreContactsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const restored = await restoreContacts(db, { actor: currentUser(request), ip: request.ip, ids: request.body.ids });
      return { restored };
    },
  );

  app.post(
    '/api/contacts/:id/restore',
    {
      config: { auth: 'required', can: ['delete', 'Contact'], refusal: CANNOT_RESTORE, load: trashed.load },
      schema: {
        tags,
        summary: 'Restore one deleted contact',
        params: contactIdParamsSchema,
        response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const target = trashed.of(request);
      await restoreContacts(db, { actor: currentUser(request), ip: request.ip, ids: [target.id] });
      return { contact: presentContact({ ...target, deletedAt: null, deletedBy: null }) };
    },
  );
};
