import {
  createTemplateBodySchema,
  listTemplatesQuerySchema,
  templateIdParamsSchema,
  templateListResponseSchema,
  templateResponseSchema,
  updateTemplateBodySchema,
} from '@sms/contracts/templates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authorize, currentUser } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentTemplate } from './templates.presenter.ts';
import { findTemplate, listTemplates } from './templates.queries.ts';
import { createTemplate, deleteTemplate, updateTemplate } from './templates.service.ts';

const tags = ['templates'];
const CANNOT_READ = 'You do not have permission to view message templates.';
const CANNOT_EDIT = 'Only managers and administrators manage message templates.';

/** Message templates: agents read (and use) them, managers and admins manage them. */
export const templatesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const present = async (id: string) => {
    const row = await findTemplate(db, id);
    if (!row) throw new NotFound('Template not found');
    return { template: presentTemplate(row) };
  };

  app.get(
    '/api/templates',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'List message templates (search by name, category or text)',
        querystring: listTemplatesQuerySchema,
        response: { 200: templateListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Template', CANNOT_READ);
      const { rows, total } = await listTemplates(db, request.query);
      return { data: rows.map(presentTemplate), total };
    },
  );

  app.post(
    '/api/templates',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Create a message template',
        body: createTemplateBodySchema,
        response: { 201: templateResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      authorize(actor.role, 'create', 'Template', CANNOT_EDIT);
      const row = await createTemplate(db, { actor, ip: request.ip, body: request.body });
      return reply.status(201).send(await present(row.id));
    },
  );

  app.get(
    '/api/templates/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One message template',
        params: templateIdParamsSchema,
        response: { 200: templateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Template', CANNOT_READ);
      return present(request.params.id);
    },
  );

  app.put(
    '/api/templates/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Change a message template',
        params: templateIdParamsSchema,
        body: updateTemplateBodySchema,
        response: { 200: templateResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      authorize(actor.role, 'update', 'Template', CANNOT_EDIT);
      await updateTemplate(db, { actor, ip: request.ip, id: request.params.id, body: request.body });
      return present(request.params.id);
    },
  );

  app.delete(
    '/api/templates/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a message template',
        params: templateIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      authorize(actor.role, 'delete', 'Template', CANNOT_EDIT);
      await deleteTemplate(db, { actor, ip: request.ip, id: request.params.id });
      return reply.status(204).send();
    },
  );
};
