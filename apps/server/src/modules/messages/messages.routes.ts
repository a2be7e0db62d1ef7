import { messageIdParamsSchema, outboundMessageResponseSchema } from '@sms/contracts/messages';
import { roleCan } from '@sms/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { Forbidden, NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentOutboundMessage } from './messages.presenter.ts';
import { findOutboundMessage } from './messages.queries.ts';

/** Outbound messages: one message's status (test sends and replies are followed with this). */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/messages/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: ['messages'],
        summary: 'One outbound message and its delivery status',
        params: messageIdParamsSchema,
        response: { 200: outboundMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { role } = currentUser(request);
      if (!roleCan(role, 'read', 'Campaign') && !roleCan(role, 'read', 'Inbox'))
        throw new Forbidden('You do not have permission to view messages.');
      const row = await findOutboundMessage(db, request.params.id);
      if (!row) throw new NotFound('Message not found');
      return { message: presentOutboundMessage(row) };
    },
  );
};
