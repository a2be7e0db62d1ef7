import {
  createGatewayBodySchema,
  gatewayIdParamsSchema,
  gatewayListResponseSchema,
  gatewayResponseSchema,
  gatewayTestResponseSchema,
  updateGatewayBodySchema,
} from '@sms/contracts/gateways';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleCan } from '@sms/contracts/policy';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { gatewayCallbacks, presentGateway } from './gateways.presenter.ts';
import { currentGatewayLinks } from './gateway-links.queries.ts';
import { findGateway, listGateways, type GatewayRow } from './gateways.queries.ts';
import { createGateway, deleteGateway, testGateway, updateGateway } from './gateways.service.ts';

const tags = ['gateways'];
const CANNOT_MANAGE = 'Only administrators can configure gateways.';
const CANNOT_READ = 'You do not have permission to view gateways.';

/** SMS gateways: admins configure them (secrets are write-only); managers list them. */
export const gatewaysRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string | undefined; twilioApiBaseUrl: string }> = async (
  app,
  { db, publicUrl, twilioApiBaseUrl },
) => {
  /** Callback URLs carry a gateway's token: shown to those who may configure gateways. */
  const callbacksFor = (request: FastifyRequest, row: GatewayRow) =>
    gatewayCallbacks(row, publicUrl, roleCan(currentUser(request).role, 'update', 'Gateway'));
  /** The gateway a route acts on, loaded before it is authorized (404 first). */
  const gateway = recordLoader(async (id) => {
    const row = await findGateway(db, id);
    if (!row) throw new NotFound('Gateway not found');
    return row;
  });
  app.get(
    '/api/gateways',
    {
      config: { auth: 'required', can: ['read', 'Gateway'], refusal: CANNOT_READ },
      schema: { tags, summary: 'List gateways', response: { 200: gatewayListResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const [rows, links] = [await listGateways(db), await currentGatewayLinks(db)];
      return { data: rows.map((row) => presentGateway(row, links.get(row.id) ?? null, callbacksFor(request, row))), total: rows.length };
    },
  );

  app.post(
    '/api/gateways',
    {
      config: { auth: 'required', can: ['create', 'Gateway'], refusal: CANNOT_MANAGE },
      schema: {
        tags,
        summary: 'Add a gateway',
        description:
          '`config` and `secrets` follow the kind (simulator, smpp, twilio, kannel, http); a field error names `config.<field>`.',
        body: createGatewayBodySchema,
        response: { 201: gatewayResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const row = await createGateway(db, { actor, body: request.body, ip: request.ip });
      return reply.status(201).send({ gateway: presentGateway(row, null, callbacksFor(request, row)) });
    },
  );

  app.get(
    '/api/gateways/:id',
    {
      config: { auth: 'required', can: ['read', 'Gateway'], refusal: CANNOT_READ, load: gateway.load },
      schema: {
        tags,
        summary: 'One gateway',
        params: gatewayIdParamsSchema,
        response: { 200: gatewayResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = gateway.of(request);
      return { gateway: presentGateway(row, (await currentGatewayLinks(db, [row.id])).get(row.id) ?? null, callbacksFor(request, row)) };
    },
  );

  app.put(
    '/api/gateways/:id',
    {
      config: { auth: 'required', can: ['update', 'Gateway'], refusal: CANNOT_MANAGE, load: gateway.load },
      schema: {
        tags,
        summary: 'Change a gateway',
        description: 'Partial. An empty or omitted secret keeps the stored one. Running workers reconnect with the new settings.',
        params: gatewayIdParamsSchema,
        body: updateGatewayBodySchema,
        response: { 200: gatewayResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const row = await updateGateway(db, { actor: currentUser(request), target: gateway.of(request), body: request.body, ip: request.ip });
      return { gateway: presentGateway(row, null, callbacksFor(request, row)) };
    },
  );

  app.delete(
    '/api/gateways/:id',
    {
      config: { auth: 'required', can: ['delete', 'Gateway'], refusal: CANNOT_MANAGE, load: gateway.load },
      schema: {
        tags,
        summary: 'Delete a gateway',
        params: gatewayIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteGateway(db, { actor: currentUser(request), target: gateway.of(request), ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/gateways/:id/test',
    {
      config: { auth: 'required', can: ['update', 'Gateway'], refusal: CANNOT_MANAGE, load: gateway.load },
      schema: {
        tags,
        summary: 'Test the connection and credentials (sends nothing)',
        params: gatewayIdParamsSchema,
        response: { 200: gatewayTestResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      return testGateway(gateway.of(request), { publicUrl, twilioApiBaseUrl });
    },
  );
};
