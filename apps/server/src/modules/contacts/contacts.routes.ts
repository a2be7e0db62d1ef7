import {
  bulkActionBodySchema,
  bulkActionResponseSchema,
  type BulkAction,
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
} from '@sms/contracts/contacts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { eraseContactResponseSchema, personalDataQuerySchema } from '@sms/contracts/data-lifecycle';
import { sendExportFile } from '../../platform/export-file.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { exportContacts } from './contacts-export.ts';
import { eraseContact, exportPersonalData } from './contact-erasure.ts';
import { contactPolicy, ensure } from './contacts.policy.ts';
import { presentContact } from './contacts.presenter.ts';
import { distinctTagValues, findContactById, listContacts } from './contacts.queries.ts';
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

/** Loads a contact or answers 404. */
async function loadContact(db: Db, id: string) {
  const contact = await findContactById(db, id);
  if (!contact) throw new NotFound('Contact not found');
  return contact;
}

/** Contacts: list, tags, export, bulk actions, create, read, update, delete. */
const PERSONAL_DATA_TYPES = {
  zip: 'application/zip',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

export const contactsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/contacts',
    {
      config: { auth: 'required' },
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
      ensure(contactPolicy.read(currentUser(request)), CANNOT_READ);
      const { rows, total, totalCapped } = await listContacts(db, request.query);
      return { data: rows.map(presentContact), total, totalCapped };
    },
  );

  app.get(
    '/api/contacts/tags',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Distinct values of a tag field (filter pickers)',
        querystring: tagValuesQuerySchema,
        response: { 200: tagValuesResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      ensure(contactPolicy.read(currentUser(request)), CANNOT_READ);
      const { field, search, limit } = request.query;
      return { values: await distinctTagValues(db, field, search, limit) };
    },
  );

  app.get(
    '/api/contacts/export',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Download the contacts of a filter as CSV or XLSX (streamed)',
        description:
          'Same filters as the list. Cells starting with = + - @ (or their full-width forms), tab or CR are prefixed with a quote (CSV: phones too).',
        querystring: exportContactsQuerySchema,
        response: { 200: z.unknown().describe('The file: text/csv, or XLSX'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      ensure(contactPolicy.export(actor), 'You do not have permission to export contacts.');
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
      config: { auth: 'required' },
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
      const actor = currentUser(request);
      ensure(contactPolicy.bulk(actor, request.body.action), BULK_REFUSED[request.body.action]);
      return { affected: await runBulkAction(db, { actor, body: request.body, ip: request.ip }) };
    },
  );

  app.post(
    '/api/contacts',
    {
      config: { auth: 'required' },
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
      ensure(contactPolicy.create(actor), 'You do not have permission to create contacts.');
      const contact = await createContact(db, { actor, body: request.body, ip: request.ip });
      return reply.status(201).send({ contact: presentContact(contact) });
    },
  );

  app.get(
    '/api/contacts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One contact',
        params: contactIdParamsSchema,
        response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const contact = await loadContact(db, request.params.id);
      ensure(contactPolicy.read(currentUser(request)), CANNOT_READ);
      return { contact: presentContact(contact) };
    },
  );

  app.put(
    '/api/contacts/:id',
    {
      config: { auth: 'required' },
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
      const target = await loadContact(db, request.params.id);
      ensure(contactPolicy.update(actor), CANNOT_UPDATE);
      const change = guardedChange(target, request.body);
      ensure(contactPolicy.updateChange(actor, change), change.optIn ? CANNOT_OPT_IN : change.phone ? CANNOT_CHANGE_PHONE : CANNOT_UPDATE);
      const contact = await updateContact(db, { actor, target, body: request.body, ip: request.ip });
      return { contact: presentContact(contact) };
    },
  );

  app.delete(
    '/api/contacts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a contact',
        params: contactIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const target = await loadContact(db, request.params.id);
      ensure(contactPolicy.delete(actor), 'You do not have permission to delete contacts.');
      await deleteContact(db, { actor, target, ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/contacts/:id/erase',
    {
      config: { auth: 'required' },
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
      const actor = currentUser(request);
      const target = await loadContact(db, request.params.id);
      ensure(contactPolicy.erase(actor), 'Only administrators and managers can erase contacts.');
      return eraseContact(db, { actor, target, ip: request.ip });
    },
  );

  app.get(
    '/api/contacts/:id/personal-data',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Everything held about one contact (access request; admins and managers)',
        description:
          'zip (default): contact.json (the contact, its consent history and every message to and from it), consents.csv and messages.csv. json: the record alone. csv: the messages alone.',
        params: contactIdParamsSchema,
        querystring: personalDataQuerySchema,
        response: { 200: z.unknown().describe('application/zip, application/json or text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const target = await loadContact(db, request.params.id);
      ensure(contactPolicy.export(actor), "Only administrators and managers can export a contact's personal data.");
      const { format } = request.query;
      const body = await exportPersonalData(db, { actor, target, format, ip: request.ip });
      return reply
        .header('content-type', PERSONAL_DATA_TYPES[format])
        .header('content-disposition', `attachment; filename="contact-${target.id}.${format}"`)
        .send(body);
    },
  );
};
