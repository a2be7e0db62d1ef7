import { messageIdParamsSchema, outboundMessageResponseSchema } from '@sms/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentOutboundMessage } from './messages.presenter.ts';
import { findOutboundMessage } from './messages.queries.ts';

/** Outbound messages: one message's status (test sends and replies are followed with this). */
export const messagesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The message asked for, loaded before it is authorized (404 first). */
  const message = recordLoader(async (id) => {
    const row = await findOutboundMessage(db, id);
    if (!row) throw new NotFound('Message not found');
    return row;
  });
  app.get(
    '/api/messages/:id',
    {
      config: {
        auth: 'required',
        can: [{ can: ['read', 'Campaign'], or: [['read', 'Inbox']], refusal: 'You do not have permission to view messages.' }],
        load: message.load,
      },
      schema: {
        tags: ['messages'],
        summary: 'One outbound message and its delivery status',
        params: messageIdParamsSchema,
        response: { 200: outboundMessageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ message: presentOutboundMessage(message.of(request)) }),
  );
};
