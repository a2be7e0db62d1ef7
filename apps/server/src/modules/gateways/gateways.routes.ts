import {
  createGatewayBodySchema,
  gatewayIdParamsSchema,
  gatewayListResponseSchema,
  gatewayResponseSchema,
  gatewayTestResponseSchema,
  updateGatewayBodySchema,
} from '@sms/contracts/gateways';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser, ensure } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { gatewayPolicy } from './gateways.policy.ts';
import { presentGateway } from './gateways.presenter.ts';
import { currentGatewayLinks } from './gateway-links.queries.ts';
import { findGateway, listGateways } from './gateways.queries.ts';
import { createGateway, deleteGateway, testGateway, updateGateway } from './gateways.service.ts';

const tags = ['gateways'];
const CANNOT_MANAGE = 'Only administrators can configure gateways.';

async function loadGateway(db: Db, id: string) {
  const gateway = await findGateway(db, id);
  if (!gateway) throw new NotFound('Gateway not found');
  return gateway;
}

/** SMS gateways: admins configure them (secrets are write-only); managers list them. */
export const gatewaysRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string | undefined; twilioApiBaseUrl: string }> = async (
  app,
  { db, publicUrl, twilioApiBaseUrl },
) => {
  app.get(
    '/api/gateways',
    {
      config: { auth: 'required' },
      schema: { tags, summary: 'List gateways', response: { 200: gatewayListResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => {
      ensure(gatewayPolicy.read(currentUser(request)), 'You do not have permission to view gateways.');
      const [rows, links] = [await listGateways(db), await currentGatewayLinks(db)];
      return { data: rows.map((row) => presentGateway(row, links.get(row.id) ?? null)), total: rows.length };
    },
  );

  app.post(
    '/api/gateways',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Add a gateway',
        description: '`config` and `secrets` follow the kind (simulator, smpp, twilio); a field error names `config.<field>`.',
        body: createGatewayBodySchema,
        response: { 201: gatewayResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      ensure(gatewayPolicy.manage(actor), CANNOT_MANAGE);
      const row = await createGateway(db, { actor, body: request.body, ip: request.ip });
      return reply.status(201).send({ gateway: presentGateway(row) });
    },
  );

  app.get(
    '/api/gateways/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One gateway',
        params: gatewayIdParamsSchema,
        response: { 200: gatewayResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ensure(gatewayPolicy.read(currentUser(request)), 'You do not have permission to view gateways.');
      const row = await loadGateway(db, request.params.id);
      return { gateway: presentGateway(row, (await currentGatewayLinks(db, [row.id])).get(row.id) ?? null) };
    },
  );

  app.put(
    '/api/gateways/:id',
    {
      config: { auth: 'required' },
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
      const actor = currentUser(request);
      ensure(gatewayPolicy.manage(actor), CANNOT_MANAGE);
      const target = await loadGateway(db, request.params.id);
      const row = await updateGateway(db, { actor, target, body: request.body, ip: request.ip });
      return { gateway: presentGateway(row) };
    },
  );

  app.delete(
    '/api/gateways/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a gateway',
        params: gatewayIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      ensure(gatewayPolicy.manage(actor), CANNOT_MANAGE);
      const target = await loadGateway(db, request.params.id);
      await deleteGateway(db, { actor, target, ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/gateways/:id/test',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Test the connection and credentials (sends nothing)',
        params: gatewayIdParamsSchema,
        response: { 200: gatewayTestResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ensure(gatewayPolicy.manage(currentUser(request)), CANNOT_MANAGE);
      return testGateway(await loadGateway(db, request.params.id), { publicUrl, twilioApiBaseUrl });
    },
  );
};
