import {
  FORGOT_PASSWORD_ANSWER,
  forgotPasswordBodySchema,
  messageResponseSchema,
  outboxListResponseSchema,
  outboxQuerySchema,
  resetPasswordBodySchema,
} from '@sms/contracts/password-reset';
import { userIdParamsSchema } from '@sms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import type { Jobs } from '../../platform/jobs.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { findUserById } from '../users/index.ts';
import { listOutbox } from './notices/outbox.queries.ts';
import { adminRequestPasswordReset, requestPasswordReset, resetPassword } from './password-reset.service.ts';

const tags = ['password reset'];

/** Forgotten passwords: request a link, use it; admins send links and read the mail outbox. */
export const passwordResetRoutes: FastifyPluginAsyncZod<{ db: Db; jobs: Jobs }> = async (app, { db, jobs }) => {
  app.post(
    '/api/users/forgot-password',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Ask for a password reset link',
        description:
          'Always answers 202 with the same message, whether or not the account exists (the link is created and sent in the background: ' +
          "by e-mail with SMTP_URL, else by SMS through a real gateway, else into the admins' outbox). Throttled per email (3) and per IP (10) over 15 minutes.",
        body: forgotPasswordBodySchema,
        response: { 202: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(db, jobs, { email: request.body.email, ip: request.ip });
      return reply.status(202).send({ message: FORGOT_PASSWORD_ANSWER });
    },
  );

  app.post(
    '/api/users/reset-password',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Set a new password with a reset link',
        description:
          'The link works once, for 30 minutes. Every earlier session of the account ends. 400 RESET_LINK_INVALID (field token) for a bad, used or expired link.',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      await resetPassword(db, { ...request.body, ip: request.ip });
      return { message: 'Your password has been changed. Sign in with the new password.' };
    },
  );

  /** The user an administrator sends a link to, loaded before the route is authorized (404 first). */
  const resetTarget = recordLoader(async (id) => {
    const target = await findUserById(db, id);
    if (!target) throw new NotFound('User not found');
    return target;
  });
  app.post(
    '/api/users/:id/password-reset',
    {
      config: {
        auth: 'required',
        can: ['update', 'User'],
        refusal: 'Only administrators can send password reset links.',
        load: resetTarget.load,
      },
      schema: {
        tags,
        summary: 'Send a user a password reset link (admins)',
        params: userIdParamsSchema,
        response: { 202: messageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const target = resetTarget.of(request);
      await adminRequestPasswordReset(db, jobs, { actor: currentUser(request), target, ip: request.ip });
      return reply.status(202).send({ message: `A password reset link is on its way to ${target.name}.` });
    },
  );

  app.get(
    '/api/mail-outbox',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators can read the mail outbox.' },
      schema: {
        tags,
        summary: 'Account messages kept because no SMTP server or SMS gateway could take them (admins)',
        querystring: outboxQuerySchema,
        response: { 200: outboxListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listOutbox(db, request.query);
      return {
        data: rows.map((row) => ({
          id: String(row.id),
          to: row.recipient,
          subject: row.subject,
          body: row.body,
          createdAt: row.createdAt.toISOString(),
        })),
        total,
      };
    },
  );
};
