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
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
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
  const find = async (id: string) => {
    const row = await findTemplate(db, id);
    if (!row) throw new NotFound('Template not found');
    return row;
  };
  const present = async (id: string) => ({ template: presentTemplate(await find(id)) });
  /** The template a route acts on, loaded before it is authorized (404 first). */
  const template = recordLoader(find);

  app.get(
    '/api/templates',
    {
      config: { auth: 'required', can: ['read', 'Template'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'List message templates (search by name, category or text)',
        querystring: listTemplatesQuerySchema,
        response: { 200: templateListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listTemplates(db, request.query);
      return { data: rows.map(presentTemplate), total };
    },
  );

  app.post(
    '/api/templates',
    {
      config: { auth: 'required', can: ['create', 'Template'], refusal: CANNOT_EDIT },
      schema: {
        tags,
        summary: 'Create a message template',
        body: createTemplateBodySchema,
        response: { 201: templateResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const row = await createTemplate(db, { actor, ip: request.ip, body: request.body });
      return reply.status(201).send(await present(row.id));
    },
  );

  app.get(
    '/api/templates/:id',
    {
      config: { auth: 'required', can: ['read', 'Template'], refusal: CANNOT_READ, load: template.load },
      schema: {
        tags,
        summary: 'One message template',
        params: templateIdParamsSchema,
        response: { 200: templateResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ template: presentTemplate(template.of(request)) }),
  );

  app.put(
    '/api/templates/:id',
    {
      config: { auth: 'required', can: ['update', 'Template'], refusal: CANNOT_EDIT, load: template.load },
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
      await updateTemplate(db, { actor, ip: request.ip, id: request.params.id, body: request.body });
      return present(request.params.id);
    },
  );

  app.delete(
    '/api/templates/:id',
    {
      config: { auth: 'required', can: ['delete', 'Template'], refusal: CANNOT_EDIT, load: template.load },
      schema: {
        tags,
        summary: 'Delete a message template',
        params: templateIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await deleteTemplate(db, { actor, ip: request.ip, id: request.params.id });
      return reply.status(204).send();
    },
  );
};
