import {
  apiMessageIdParamsSchema,
  apiMessageListResponseSchema,
  apiMessageSchema,
  batchResponseSchema,
  INTEGRATION_LIMITS,
  listApiMessagesQuerySchema,
  sendApiMessageBodySchema,
  sendApiMessagesBatchBodySchema,
} from '@sms/contracts/integration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentApiKey } from '../../platform/auth.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentApiMessage } from './integration.presenter.ts';
import { findApiMessage, listApiMessages } from './integration.queries.ts';
import { cancelApiMessage, idempotent, itemErrorToThrow, sendApiMessages } from './integration.service.ts';

const TAGS = ['integration'];

/** The Idempotency-Key header: optional, printable, bounded. */
const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1)
    .max(INTEGRATION_LIMITS.idempotencyKeyMax)
    .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces')
    .optional()
    .meta({ description: 'Replays within 24 hours answer the first answer; a different body answers 409.' }),
});

/** /api/v1/messages: transactional sends and their status, for software holding an API key. */
export const integrationMessagesRoutes: FastifyPluginAsyncZod<{ db: Db; wake: () => void; allowPrivate: boolean }> = async (
  app,
  { db, wake, allowPrivate },
) => {
  app.post(
    '/api/v1/messages',
    {
      config: { auth: 'apiKey', scope: 'messages:send' },
      schema: {
        tags: TAGS,
        summary: 'Send one SMS (202: queued); priority high skips the campaign queue',
        headers: idempotencyHeaders,
        body: sendApiMessageBodySchema,
        response: { 202: apiMessageSchema, ...errorResponses(400, 401, 402, 403, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const key = currentApiKey(request);
      const answer = await idempotent(
        db,
        { key, idempotencyKey: request.headers['idempotency-key'], body: request.body, statusCode: 202 },
        async () => {
          const [result] = await sendApiMessages(db, { key, ip: request.ip, items: [request.body], wake, allowPrivate });
          if (!result) throw new ValidationError('body', 'Nothing to send');
          if ('error' in result) throw itemErrorToThrow(result.error);
          return result.message;
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(202).send(answer.response);
    },
  );

  app.post(
    '/api/v1/messages/batch',
    {
      config: { auth: 'apiKey', scope: 'messages:send' },
      schema: {
        tags: TAGS,
        summary: 'Send up to 1,000 SMS at once: one result per item (a bad number fails its item, not the batch)',
        headers: idempotencyHeaders,
        body: sendApiMessagesBatchBodySchema,
        response: { 202: batchResponseSchema, ...errorResponses(400, 401, 402, 403, 409, 429) },
      },
    },
    async (request, reply) => {
      const key = currentApiKey(request);
      const answer = await idempotent(
        db,
        { key, idempotencyKey: request.headers['idempotency-key'], body: request.body, statusCode: 202 },
        async () => {
          const results = await sendApiMessages(db, { key, ip: request.ip, items: request.body.messages, wake, allowPrivate });
          return {
            results: results.map((result, index) =>
              'message' in result
                ? { index, status: 'accepted' as const, message: result.message }
                : {
                    index,
                    status: 'rejected' as const,
                    error: {
                      code: result.error.code,
                      message: result.error.message,
                      ...(result.error.field ? { field: result.error.field } : {}),
                    },
                  },
            ),
          };
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(202).send(answer.response);
    },
  );

  app.post(
    '/api/v1/messages/:id/cancel',
    {
      config: { auth: 'apiKey', scope: 'messages:send' },
      schema: {
        tags: TAGS,
        summary: 'Cancel a message no gateway has had yet (a scheduled one): status cancelled',
        description:
          'Works while the message is queued and not handed to a gateway, whichever key sent it; cancelling it again answers it again. Once a gateway has it (or it ended otherwise), 409 MESSAGE_NOT_CANCELLABLE.',
        params: apiMessageIdParamsSchema,
        response: { 200: apiMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => cancelApiMessage(db, { key: currentApiKey(request), ip: request.ip, id: request.params.id }),
  );

  app.get(
    '/api/v1/messages/:id',
    {
      config: { auth: 'apiKey', scope: 'messages:read' },
      schema: {
        tags: TAGS,
        summary: 'One API message: status, timestamps, error, reply',
        description:
          'Any key with messages:read reads every message sent through the integration API, whichever key sent it (not campaign messages: their figures are under reports:read).',
        params: apiMessageIdParamsSchema,
        response: { 200: apiMessageSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const row = await findApiMessage(db, request.params.id);
      if (!row) throw new NotFound('Message not found');
      return presentApiMessage(row);
    },
  );

  app.get(
    '/api/v1/messages',
    {
      config: { auth: 'apiKey', scope: 'messages:read' },
      schema: {
        tags: TAGS,
        summary: 'API messages of the organisation, newest first (cursor pagination)',
        description:
          'Every message sent through the integration API, whichever key sent it (not campaign messages). Pass nextCursor as cursor for the next page; null: the last page.',
        querystring: listApiMessagesQuerySchema,
        response: { 200: apiMessageListResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { limit, ...filter } = request.query;
      const rows = await listApiMessages(db, { ...filter, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return { data: page.map(presentApiMessage), nextCursor: rows.length > limit ? String(page.at(-1)?.id) : null };
    },
  );
};
