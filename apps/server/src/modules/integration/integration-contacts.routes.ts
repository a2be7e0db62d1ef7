import {
  contactIdParamsSchema,
  contactResponseSchema,
  integrationContactBodySchema,
  integrationContactUpdateBodySchema,
} from '@sms/contracts/contacts';
import { apiContactListResponseSchema, listApiContactsQuerySchema } from '@sms/contracts/integration';
import { normalisePhone } from '@sms/contracts/phone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentApiKey } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { findContactById, presentContact } from '../contacts/index.ts';
import { listContactsPage } from './integration.queries.ts';
import { updateApiContact, upsertApiContact } from './integration-contacts.service.ts';

const TAGS = ['integration'];

/** /api/v1/contacts: read and upsert contacts by phone, with the app's E.164 and consent rules. */
export const integrationContactsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/v1/contacts',
    {
      config: { auth: 'apiKey', scope: 'contacts:read' },
      schema: {
        tags: TAGS,
        summary: 'Contacts in creation order (cursor pagination); phone filters by number',
        querystring: listApiContactsQuerySchema,
        response: { 200: apiContactListResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      currentApiKey(request);
      const { limit, phone, ...filter } = request.query;
      const e164 = phone === undefined ? undefined : normalisePhone(phone);
      if (e164 && !e164.ok) return { data: [], nextCursor: null };
      const rows = await listContactsPage(db, { ...filter, phone: e164?.ok ? e164.e164 : undefined, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return { data: page.map(presentContact), nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
    },
  );

  app.post(
    '/api/v1/contacts',
    {
      config: { auth: 'apiKey', scope: 'contacts:write' },
      schema: {
        tags: TAGS,
        summary: 'Create a contact, or update the one with this phone number (201 created, 200 updated)',
        body: integrationContactBodySchema,
        response: { 200: contactResponseSchema, 201: contactResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const { row, created } = await upsertApiContact(db, { key: currentApiKey(request), ip: request.ip, body: request.body });
      return reply.status(created ? 201 : 200).send({ contact: presentContact(row) });
    },
  );

  app.get(
    '/api/v1/contacts/:id',
    {
      config: { auth: 'apiKey', scope: 'contacts:read' },
      schema: {
        tags: TAGS,
        summary: 'One contact',
        params: contactIdParamsSchema,
        response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      currentApiKey(request);
      const row = await findContactById(db, request.params.id);
      if (!row) throw new NotFound('Contact not found');
      return { contact: presentContact(row) };
    },
  );

  app.put(
    '/api/v1/contacts/:id',
    {
      config: { auth: 'apiKey', scope: 'contacts:write' },
      schema: {
        tags: TAGS,
        summary: 'Update a contact (any subset of fields)',
        params: contactIdParamsSchema,
        body: integrationContactUpdateBodySchema,
        response: { 200: contactResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const key = currentApiKey(request);
      const target = await findContactById(db, request.params.id);
      if (!target) throw new NotFound('Contact not found');
      return { contact: presentContact(await updateApiContact(db, { key, ip: request.ip, target, body: request.body })) };
    },
  );
};
