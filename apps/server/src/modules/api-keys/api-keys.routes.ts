import {
  apiKeyIdParamsSchema,
  apiKeyListResponseSchema,
  apiKeyResponseSchema,
  createApiKeyBodySchema,
  createdApiKeyResponseSchema,
  rotateApiKeyBodySchema,
  updateApiKeyBodySchema,
} from '@sms/contracts/api-keys';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import type { ApiKeyAccess } from './api-key-access.ts';
import { presentApiKey } from './api-keys.presenter.ts';
import { findApiKey, listApiKeys } from './api-keys.queries.ts';
import { createApiKey, revokeKey, rotateApiKey, updateApiKey } from './api-keys.service.ts';

const ADMINS_ONLY = 'Only administrators manage API keys.';

/** Staff routes for integration API keys (Configurations -> Developers): admins only. */
export const apiKeysRoutes: FastifyPluginAsyncZod<{ db: Db; access: ApiKeyAccess }> = async (app, { db, access }) => {
  /** The key a route changes, checked before the route is authorized (404 first). */
  const key = recordLoader(async (id) => {
    const row = await findApiKey(db, id);
    if (!row) throw new NotFound('API key not found');
    return row;
  });
  app.get(
    '/api/api-keys',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags: ['api-keys'],
        summary: 'Integration API keys (never their secrets)',
        response: { 200: apiKeyListResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => {
      // Last uses wait in memory for a few seconds (decision 045): this process's are written first.
      await access.flushLastUse();
      return { data: (await listApiKeys(db)).map(presentApiKey) };
    },
  );

  app.post(
    '/api/api-keys',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY },
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key: the answer holds its secret, shown this once',
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeyResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { row, secret } = await createApiKey(db, { actor, ip: request.ip }, request.body);
      return reply.status(201).send({ apiKey: presentApiKey(row), secret });
    },
  );

  app.patch(
    '/api/api-keys/:id',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: key.load },
      schema: {
        tags: ['api-keys'],
        summary: 'Rename an API key, change its rate limit (requests per second) or its scopes (from the next request)',
        params: apiKeyIdParamsSchema,
        body: updateApiKeyBodySchema,
        response: { 200: apiKeyResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      return { apiKey: presentApiKey(await updateApiKey(db, access, { actor, ip: request.ip }, request.params.id, request.body)) };
    },
  );

  app.post(
    '/api/api-keys/:id/rotate',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: key.load },
      schema: {
        tags: ['api-keys'],
        summary:
          'Rotate an API key: the answer holds its new secret, shown this once; the old one keeps working for overlapHours (default 24), then is refused with API_KEY_ROTATED',
        params: apiKeyIdParamsSchema,
        body: rotateApiKeyBodySchema.nullish(),
        response: { 200: createdApiKeyResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const body = request.body ?? rotateApiKeyBodySchema.parse({});
      const { row, secret } = await rotateApiKey(db, access, { actor, ip: request.ip }, request.params.id, body);
      return { apiKey: presentApiKey(row), secret };
    },
  );

  app.delete(
    '/api/api-keys/:id',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: ADMINS_ONLY, load: key.load },
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke an API key at once',
        params: apiKeyIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await revokeKey(db, access, { actor, ip: request.ip }, request.params.id);
      return reply.status(204).send();
    },
  );
};
