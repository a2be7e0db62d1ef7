import {
  createdWebhookResponseSchema,
  createWebhookBodySchema,
  rotateWebhookSecretBodySchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryParamsSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookResponseSchema,
} from '@sms/contracts/webhooks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentDelivery, presentWebhook } from './webhooks.presenter.ts';
import { listDeliveries, listWebhooks, resendDelivery, webhookExists } from './webhooks.queries.ts';
import { createWebhook, enableWebhook, removeWebhook, rotateWebhookSecret, updateWebhook } from './webhooks.service.ts';

const ADMINS_ONLY = 'Only administrators manage webhooks.';
const TAGS = ['webhooks'];

/** Staff routes for webhook endpoints and their delivery log (Configurations -> Developers): admins only. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ db: Db; allowPrivate: boolean }> = async (app, { db, allowPrivate }) => {
  /** The endpoint whose log is read, checked before the route is authorized (404 first). */
  const endpoint = recordLoader(async (id) => {
    if (!(await webhookExists(db, id))) throw new NotFound('Webhook not found');
    return id;
  });
  app.get(
    '/api/webhooks',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: { tags: TAGS, summary: 'Webhook endpoints', response: { 200: webhookListResponseSchema, ...errorResponses(401, 403) } },
    },
    async () => {
      return { data: (await listWebhooks(db)).map(presentWebhook) };
    },
  );

  app.post(
    '/api/webhooks',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags: TAGS,
        summary: 'Register an endpoint: the answer holds its signing secret, shown this once',
        body: createWebhookBodySchema,
        response: { 201: createdWebhookResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { row, secret } = await createWebhook(db, { actor, ip: request.ip }, { body: request.body, allowPrivate });
      return reply.status(201).send({ webhook: presentWebhook(row), secret });
    },
  );

  app.patch(
    '/api/webhooks/:id',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: endpoint.load },
      schema: {
        tags: TAGS,
        summary: 'Change an endpoint: address, events, description, or turn it off or on (on: as .../enable)',
        params: webhookIdParamsSchema,
        body: updateWebhookBodySchema,
        response: { 200: webhookResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const row = await updateWebhook(db, { actor, ip: request.ip }, { id: request.params.id, body: request.body, allowPrivate });
      return { webhook: presentWebhook(row) };
    },
  );

  app.post(
    '/api/webhooks/:id/rotate-secret',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: endpoint.load },
      schema: {
        tags: TAGS,
        summary:
          'Rotate the signing secret: the answer holds the new one, shown this once; for overlapHours (default 24) deliveries carry a signature by each secret',
        params: webhookIdParamsSchema,
        body: rotateWebhookSecretBodySchema.nullish(),
        response: { 200: createdWebhookResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const body = request.body ?? rotateWebhookSecretBodySchema.parse({});
      const { row, secret } = await rotateWebhookSecret(db, { actor, ip: request.ip }, request.params.id, body);
      return { webhook: presentWebhook(row), secret };
    },
  );

  app.post(
    '/api/webhooks/:id/enable',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: endpoint.load },
      schema: {
        tags: TAGS,
        summary: 'Turn an endpoint on again (after a day of failures): failing time cleared, halted deliveries sent again',
        params: webhookIdParamsSchema,
        response: { 200: webhookResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      return { webhook: presentWebhook(await enableWebhook(db, { actor, ip: request.ip }, request.params.id)) };
    },
  );

  app.delete(
    '/api/webhooks/:id',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: endpoint.load },
      schema: {
        tags: TAGS,
        summary: 'Remove an endpoint and its delivery log',
        params: webhookIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await removeWebhook(db, { actor, ip: request.ip }, request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/webhooks/:id/deliveries',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: endpoint.load },
      schema: {
        tags: TAGS,
        summary: 'Delivery log of an endpoint, newest first (status code, duration, attempt, response excerpt)',
        params: webhookIdParamsSchema,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { cursor, limit } = request.query;
      const rows = await listDeliveries(db, request.params.id, cursor, limit + 1);
      const page = rows.slice(0, limit);
      return { data: page.map(presentDelivery), nextCursor: rows.length > limit ? String(page.at(-1)?.id) : null };
    },
  );

  app.post(
    '/api/webhooks/:id/deliveries/:deliveryId/resend',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: endpoint.load },
      schema: {
        tags: TAGS,
        summary: 'Send a delivery again (same event id)',
        params: webhookDeliveryParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      if (!(await resendDelivery(db, request.params.id, request.params.deliveryId))) throw new NotFound('Delivery not found');
      return reply.status(204).send();
    },
  );
};
