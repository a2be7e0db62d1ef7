import { POLICY } from '@sms/contracts/policy';
import { loginResultSchema } from '@sms/contracts/two-step';
import { loginBodySchema, meResponseSchema, setupStatusSchema } from '@sms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { currentUser } from '../../../platform/auth.ts';
import { errorResponses } from '../../../platform/openapi.ts';
import type { TokenService } from '../../../platform/tokens.ts';
import { getSecuritySettings } from '../../settings/index.ts';
import { setDeviceCookie } from './device-cookie.ts';
import { login, logout } from './session.service.ts';
import { anyUserExists, presentUser } from '../../users/index.ts';

const tags = ['session'];

/** Sign-in, sign-out, the current user, and what the sign-in pages need to know. */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: TokenService; publicUrl: string | undefined }> = async (
  app,
  { db, tokens, publicUrl },
) => {
  app.post(
    '/api/users/login',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description:
          'Answers { user, token }. When two-step verification is on for the account, or an admin requires it, the answer is instead ' +
          '{ twoStepRequired: true, challenge, methods, enrolmentRequired, expiresAt }: finish with POST /api/users/login/two-step (or, when ' +
          'enrolmentRequired, /api/users/login/two-step/setup then /enable). A finished sign-in sets the device cookie (sms_device, HttpOnly); ' +
          'a request carrying it for the account is throttled on that device’s own failures only (slowed after 3, refused after 10 in 15 minutes). ' +
          'Without it, failures are throttled per account and address (the same), per address (20 in 15 minutes), and past 20 failures of the ' +
          'account in an hour each try waits 1 s after the newest one, doubling, at most 5 minutes (ACCOUNT_LOCKED). 429 with retryAfter seconds.',
        body: loginBodySchema,
        response: { 200: loginResultSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const result = await login(db, tokens, { ...request.body, ip: request.ip, cookie: request.headers.cookie });
      if (!('token' in result)) return result;
      setDeviceCookie(request, reply, result.deviceCookie, publicUrl);
      return { user: presentUser(result.user), token: result.token };
    },
  );

  app.post(
    '/api/users/logout',
    {
      config: { auth: 'required', can: { anyone: 'their own session' } },
      schema: { tags, summary: 'Sign out: revokes every token issued so far', response: { 204: z.undefined(), ...errorResponses(401) } },
    },
    async (request, reply) => {
      await logout(db, currentUser(request), request.ip);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/users/me',
    {
      config: { auth: 'required', can: { anyone: 'their own account and abilities' } },
      schema: {
        tags,
        summary: 'The signed-in user and their abilities (role policy rules)',
        response: { 200: meResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return { user: presentUser(user), abilities: POLICY[user.role] };
    },
  );

  app.get(
    '/api/users/setup-status',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Whether the first admin must still be created, whether anyone may register, the password length rule',
        response: { 200: setupStatusSchema },
      },
    },
    async () => {
      const settings = await getSecuritySettings(db);
      return {
        needsFirstAdmin: !(await anyUserExists(db)),
        openRegistration: settings.registration === 'open',
        minPasswordLength: settings.minPasswordLength,
      };
    },
  );
};
