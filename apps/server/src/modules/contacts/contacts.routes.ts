import {
  bulkActionBodySchema,
  bulkActionResponseSchema,
  type BulkAction,
  type BulkActionBody,
  CONTACT_COUNT_CAP,
  contactIdParamsSchema,
  contactListResponseSchema,
  contactResponseSchema,
  createContactBodySchema,
  exportContactsQuerySchema,
  listContactsQuerySchema,
  tagValuesQuerySchema,
  tagValuesResponseSchema,
  updateContactBodySchema,
  type UpdateContactBody,
} from '@sms/contracts/contacts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader, type Requirement } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { eraseContactResponseSchema, personalDataQuerySchema } from '@sms/contracts/data-lifecycle';
import { sendExportFile } from '../../platform/export-file.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { exportContacts } from './contacts-export.ts';
import { eraseContact, exportPersonalData } from './contact-erasure.ts';
import { presentContact } from './contacts.presenter.ts';
import { distinctTagValues, findAnyContactById, findContactById, listContacts, type ContactRow } from './contacts.queries.ts';
import { contactsTrashRoutes } from './contacts-trash.routes.ts';
import { createContact, deleteContact, guardedChange, runBulkAction, updateContact } from './contacts.service.ts';

const tags = ['contacts'];
const CANNOT_READ = 'You do not have permission to view contacts.';
const CANNOT_UPDATE = 'You do not have permission to edit contacts.';
const CANNOT_OPT_IN = 'Only administrators and managers can opt a contact back in (with a consent note).';
const CANNOT_CHANGE_PHONE = 'Only administrators and managers can change a phone number.';
const BULK_REFUSED: Record<BulkAction, string> = {
  setTag: CANNOT_UPDATE,
  delete: 'You do not have permission to delete contacts.',
  optOut: 'Only administrators and managers can opt contacts out in bulk.',
  optIn: CANNOT_OPT_IN,
};

const bulkAction = (request: FastifyRequest) => (request.body as BulkActionBody).action;
/** A bulk action needs bulkTag (tagging) or bulkEdit and what the same change on one contact needs. */
const BULK_REQUIREMENTS: Requirement[] = [
  { can: ['bulkTag', 'Contact'], when: (request) => bulkAction(request) === 'setTag', refusal: BULK_REFUSED.setTag },
  {
    can: ['bulkEdit', 'Contact'],
    when: (request) => bulkAction(request) !== 'setTag',
    refusal: (request) => BULK_REFUSED[bulkAction(request)],
  },
  { can: ['delete', 'Contact'], when: (request) => bulkAction(request) === 'delete', refusal: BULK_REFUSED.delete },
  { can: ['optOut', 'Contact'], when: (request) => bulkAction(request) === 'optOut', refusal: BULK_REFUSED.optOut },
  { can: ['optIn', 'Contact'], when: (request) => bulkAction(request) === 'optIn', refusal: BULK_REFUSED.optIn },
];

const changeOf = (request: FastifyRequest, target: unknown) => guardedChange(target as ContactRow, request.body as UpdateContactBody);
/** An update needs update Contact, and the cells of the guarded parts it changes. */
const UPDATE_REQUIREMENTS: Requirement[] = [
  { can: ['update', 'Contact'], refusal: CANNOT_UPDATE },
  { can: ['optIn', 'Contact'], when: (request, target) => changeOf(request, target).optIn, refusal: CANNOT_OPT_IN },
  { can: ['changePhone', 'Contact'], when: (request, target) => changeOf(request, target).phone, refusal: CANNOT_CHANGE_PHONE },
  { can: ['optOut', 'Contact'], when: (request, target) => changeOf(request, target).optOut, refusal: CANNOT_UPDATE },
];

/** Contacts: list, tags, export, bulk actions, create, read, update, delete. */
const PERSONAL_DATA_TYPES = {
  zip: 'application/zip',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

export const contactsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The contact a route acts on, loaded before it is authorized (404 first). */
  const contact = recordLoader(async (id) => {
    const row = await findContactById(db, id);
    if (!row) throw new NotFound('Contact not found');
    return row;
  });
  /** Erasure and access requests reach a contact in the trash too: it is still held. */
  const anyContact = recordLoader(async (id) => {
    const row = await findAnyContactById(db, id);
    if (!row) throw new NotFound('Contact not found');
    return row;
  });
  await app.register(contactsTrashRoutes, { db });
  app.get(
    '/api/contacts',
    {
      config: { auth: 'required', can: ['read', 'Contact'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'List contacts',
        description:
          'Filters: tag1-3 (exact), status, created range. `search`: phone-like terms match numbers by prefix (+4479, 0044 79, 07911 read in `country`), ' +
          'other terms match the start of first name, last name or email (case-insensitive). ' +
          `\`total\` counts matches up to ${CONTACT_COUNT_CAP.toLocaleString('en-US')}; \`totalCapped\` is true when more match.`,
        querystring: listContactsQuerySchema,
        response: { 200: contactListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total, totalCapped } = await listContacts(db, request.query);
      return { data: rows.map(presentContact), total, totalCapped };
    },
  );

  app.get(
    '/api/contacts/tags',
    {
      config: { auth: 'required', can: ['read', 'Contact'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Distinct values of a tag field (filter pickers)',
        querystring: tagValuesQuerySchema,
        response: { 200: tagValuesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { field, search, limit } = request.query;
      return { values: await distinctTagValues(db, field, search, limit) };
    },
  );

  app.get(
    '/api/contacts/export',
    {
      config: { auth: 'required', can: ['export', 'Contact'], refusal: 'You do not have permission to export contacts.' },
      schema: {
        tags,
        summary: 'Download the contacts of a filter as CSV or XLSX (streamed)',
        description:
          'Same filters as the list. Cells starting with = + - @ (or their full-width forms), tab or CR are prefixed with a quote (CSV: phones too).',
        querystring: exportContactsQuerySchema,
        response: {
          200: fileAnswer('The file: CSV, or XLSX', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { format, ...filter } = request.query;
      const download = await exportContacts(db, filter, format, ({ rows, completed }) => {
        recordAudit(db, {
          actor,
          action: 'contacts.export',
          subject: 'Contact',
          ip: request.ip,
          details: { format, filter, rows, completed },
        }).catch((error: unknown) => request.log.error({ err: error }, 'could not audit a contacts export'));
      });
      return sendExportFile(reply, download);
    },
  );

  app.post(
    '/api/contacts/bulk',
    {
      config: { auth: 'required', can: BULK_REQUIREMENTS },
      schema: {
        tags,
        summary: 'Delete, tag, opt out or opt in many contacts',
        description:
          'Targets listed ids (at most 10,000) or every contact matching a filter. Answers how many contacts changed. setTag: admins, managers and agents; ' +
          'delete, optOut and optIn (with consentNote): admins and managers.',
        body: bulkActionBodySchema,
        response: { 200: bulkActionResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return { affected: await runBulkAction(db, { actor: currentUser(request), body: request.body, ip: request.ip }) };
    },
  );

  app.post(
    '/api/contacts',
    {
      config: { auth: 'required', can: ['create', 'Contact'], refusal: 'You do not have permission to create contacts.' },
      schema: {
        tags,
        summary: 'Create a contact',
        description: 'The phone is stored in E.164; 409 CONTACT_EXISTS (with existingId) when another contact has the number.',
        body: createContactBodySchema,
        response: { 201: contactResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const contact = await createContact(db, { actor, body: request.body, ip: request.ip });
      return reply.status(201).send({ contact: presentContact(contact) });
    },
  );

  app.get(
    '/api/contacts/:id',
    {
      config: { auth: 'required', can: ['read', 'Contact'], refusal: CANNOT_READ, load: contact.load },
      schema: {
        tags,
        summary: 'One contact',
        params: contactIdParamsSchema,
        response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return { contact: presentContact(contact.of(request)) };
    },
  );

  app.put(
    '/api/contacts/:id',
    {
      config: { auth: 'required', can: UPDATE_REQUIREMENTS, load: contact.load },
      schema: {
        tags,
        summary: 'Update a contact (partial)',
        description:
          "status opted_out stamps the time and source 'admin'; active clears them and needs consentNote (kept with the contact and audited). " +
          'customFields replaces the whole set. A new phone number and opting back in are for admins and managers (403 for agents).',
        params: contactIdParamsSchema,
        body: updateContactBodySchema,
        response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const updated = await updateContact(db, { actor, target: contact.of(request), body: request.body, ip: request.ip });
      return { contact: presentContact(updated) };
    },
  );

  app.delete(
    '/api/contacts/:id',
    {
      config: {
        auth: 'required',
        can: ['delete', 'Contact'],
        refusal: 'You do not have permission to delete contacts.',
        load: contact.load,
      },
      schema: {
        tags,
        summary: 'Delete a contact (to the trash: restorable for 30 days)',
        params: contactIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteContact(db, { actor: currentUser(request), target: contact.of(request), ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/contacts/:id/erase',
    {
      config: {
        auth: 'required',
        can: ['delete', 'Contact'],
        refusal: 'Only administrators and managers can erase contacts.',
        load: anyContact.load,
      },
      schema: {
        tags,
        summary: 'Erase a contact (right to erasure; admins and managers)',
        description:
          'Removes the contact, its consent records and the number and texts of its messages and replies; campaign figures stay. ' +
          "The number's salted hash is kept on a suppression list: an erased contact who had opted out is refused by every later import.",
        params: contactIdParamsSchema,
        response: { 200: eraseContactResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return eraseContact(db, { actor: currentUser(request), target: anyContact.of(request), ip: request.ip });
    },
  );

  app.get(
    '/api/contacts/:id/personal-data',
    {
      config: {
        auth: 'required',
        can: ['export', 'Contact'],
        refusal: "Only administrators and managers can export a contact's personal data.",
        load: anyContact.load,
      },
      schema: {
        tags,
        summary: 'Everything held about one contact (access request; admins and managers)',
        description:
          'zip (default): contact.json (the contact, its consent history, every message to and from it and its notes), consents.csv and messages.csv. json: the record alone. csv: the messages alone.',
        params: contactIdParamsSchema,
        querystring: personalDataQuerySchema,
        response: {
          200: fileAnswer("The contact's data, in the format asked for", 'application/zip', 'application/json', 'text/csv'),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const target = anyContact.of(request);
      const { format } = request.query;
      const body = await exportPersonalData(db, { actor, target, format, ip: request.ip });
      return reply
        .header('content-type', PERSONAL_DATA_TYPES[format])
        .header('content-disposition', `attachment; filename="contact-${target.id}.${format}"`)
        .send(body);
    },
  );
};
