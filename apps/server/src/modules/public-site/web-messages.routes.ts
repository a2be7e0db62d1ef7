import {
  contactFormBodySchema,
  webMessageListQuerySchema,
  webMessageListSchema,
  webMessageParamsSchema,
  webReplyBodySchema,
} from '@sms/contracts/public-site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authorize, currentUser } from '../../platform/auth.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentWebMessage } from './public-site.presenter.ts';
import { listWebMessages } from './web-messages.queries.ts';
import { receiveWebMessage, replyToWebMessage } from './web-messages.service.ts';

const tags = ['public-site'];

/** The public site's contact form, and its messages in the inbox (Web messages), answered by SMS. */
export const webMessagesRoutes: FastifyPluginAsyncZod<{ db: Db; wake: () => void }> = async (app, { db, wake }) => {
  app.post(
    '/api/public/contact',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Send a message to the organisation from the public site (public)',
        body: contactFormBodySchema,
        response: { 202: z.object({}), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      if (!request.body.website)
        await receiveWebMessage(db, request.body, { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null });
      return reply.status(202).send({});
    },
  );

  app.get(
    '/api/inbox/web-messages',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Messages from the public site contact form, newest first',
        querystring: webMessageListQuerySchema,
        response: { 200: webMessageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      authorize(currentUser(request).role, 'read', 'Inbox', 'You do not have permission to read the inbox.');
      const page = await listWebMessages(db, request.query);
      return { data: page.rows.map(presentWebMessage), total: page.total };
    },
  );

  app.post(
    '/api/inbox/web-messages/:id/reply',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Answer a contact-form message by SMS to the number it gave',
        params: webMessageParamsSchema,
        body: webReplyBodySchema,
        response: { 202: z.object({}), ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      authorize(actor.role, 'create', 'Inbox', 'You do not have permission to reply from the inbox.');
      await replyToWebMessage(db, { actor, ip: request.ip }, { id: request.params.id, body: request.body.body });
      wake();
      return reply.status(202).send({});
    },
  );
};
