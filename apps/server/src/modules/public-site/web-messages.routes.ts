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
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { wakeDigest, wakeReplyMail } from './web-message-mail.ts';
import { presentWebMessage } from './public-site.presenter.ts';
import { findWebMessage, listWebMessages } from './web-messages.queries.ts';
import { receiveWebMessage, replyToWebMessage } from './web-messages.service.ts';

const tags = ['public-site'];

export interface WebMessagesOptions {
  db: Db;
  /** Wakes the dispatcher (an SMS answer is queued). */
  wake: () => void;
  jobs: Jobs;
  /** SMTP_URL is set: answers may go by e-mail and the admins hear of new messages. */
  smtp: boolean;
}

/** The public site's contact form, and its messages in the inbox (Web messages), answered by SMS or e-mail. */
export const webMessagesRoutes: FastifyPluginAsyncZod<WebMessagesOptions> = async (app, { db, wake, jobs, smtp }) => {
  /** The web message a reply answers, loaded before the reply is authorized (404 first). */
  const webMessage = recordLoader(async (id) => {
    const row = await findWebMessage(db, id);
    if (!row) throw new NotFound('Web message not found');
    return row;
  });

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
      if (!request.body.website) {
        await receiveWebMessage(db, request.body, { ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null });
        if (smtp) await wakeDigest(jobs);
      }
      return reply.status(202).send({});
    },
  );

  app.get(
    '/api/inbox/web-messages',
    {
      config: { auth: 'required', can: ['read', 'Inbox'], refusal: 'You do not have permission to read the inbox.' },
      schema: {
        tags,
        summary: 'Messages from the public site contact form, newest first',
        querystring: webMessageListQuerySchema,
        response: { 200: webMessageListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const page = await listWebMessages(db, request.query);
      return { data: page.rows.map(presentWebMessage), total: page.total };
    },
  );

  app.post(
    '/api/inbox/web-messages/:id/reply',
    {
      config: {
        auth: 'required',
        can: ['create', 'Inbox'],
        refusal: 'You do not have permission to reply from the inbox.',
        load: webMessage.load,
      },
      schema: {
        tags,
        summary: 'Answer a contact-form message by SMS to the number it gave, or by e-mail to the address (SMTP configured)',
        params: webMessageParamsSchema,
        body: webReplyBodySchema,
        response: { 202: z.object({}), ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const channel = await replyToWebMessage(db, { actor, ip: request.ip }, { id: request.params.id, ...request.body }, { smtp });
      if (channel === 'email') await wakeReplyMail(jobs);
      else wake();
      return reply.status(202).send({});
    },
  );
};
