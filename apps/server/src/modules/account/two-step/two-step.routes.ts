import { loginResponseSchema, userIdParamsSchema } from '@sms/contracts/users';
import {
  challengeBodySchema,
  loginEnrolBodySchema,
  loginEnrolResponseSchema,
  passwordConfirmBodySchema,
  recoveryCodesResponseSchema,
  smsSentResponseSchema,
  twoStepEnableBodySchema,
  twoStepSetupResponseSchema,
  twoStepStatusSchema,
  twoStepVerifyBodySchema,
} from '@sms/contracts/two-step';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { currentUser } from '../../../platform/auth.ts';
import { recordLoader } from '../../../platform/authorization.ts';
import { NotFound } from '../../../platform/errors.ts';
import { errorResponses } from '../../../platform/openapi.ts';
import type { TokenService } from '../../../platform/tokens.ts';
import { findUserById, presentUser } from '../../users/index.ts';
import { setDeviceCookie } from '../sign-in/device-cookie.ts';
import {
  disableTwoStep,
  enableTwoStep,
  regenerateRecoveryCodes,
  resetTwoStepOf,
  setupTwoStep,
  twoStepStatus,
} from './two-step-account.service.ts';
import { loginTwoStepEnable, loginTwoStepSetup, sendSignInCode, verifyTwoStep } from './two-step-login.service.ts';

const tags = ['two-step verification'];

/** The second step of signing in, and each account's own two-step verification. */
export const twoStepRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: TokenService; publicUrl: string | undefined }> = async (
  app,
  { db, tokens, publicUrl },
) => {
  app.post(
    '/api/users/login/two-step',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Finish signing in with a code',
        description:
          'After POST /api/users/login answered { twoStepRequired: true, challenge, methods }: send the challenge with a 6-digit code from the ' +
          'authenticator app (method totp), a recovery code (recovery) or the SMS code (sms). 401 INVALID_CODE for a wrong code (5 per challenge, ' +
          '10 per account and 30 per IP over 15 minutes, then 429); 401 CHALLENGE_INVALID once the challenge expired (5 minutes) or was used.',
        body: twoStepVerifyBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const { user, token, deviceCookie } = await verifyTwoStep(db, tokens, {
        ...request.body,
        ip: request.ip,
        cookie: request.headers.cookie,
      });
      setDeviceCookie(request, reply, deviceCookie, publicUrl);
      return { user: presentUser(user), token };
    },
  );

  app.post(
    '/api/users/login/two-step/sms',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Text a sign-in code to the account phone',
        body: challengeBodySchema,
        response: { 202: smsSentResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => reply.status(202).send(await sendSignInCode(db, { challenge: request.body.challenge, ip: request.ip })),
  );

  app.post(
    '/api/users/login/two-step/setup',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Enrol while signing in (two-step verification required by an admin): a secret and its QR code',
        body: challengeBodySchema,
        response: { 200: twoStepSetupResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => loginTwoStepSetup(db, { challenge: request.body.challenge, ip: request.ip }),
  );

  app.post(
    '/api/users/login/two-step/enable',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Confirm the enrolment with a code and finish signing in',
        description: 'Answers the session and ten recovery codes, shown this once.',
        body: loginEnrolBodySchema,
        response: { 200: loginEnrolResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const signedIn = await loginTwoStepEnable(db, tokens, { ...request.body, ip: request.ip, cookie: request.headers.cookie });
      setDeviceCookie(request, reply, signedIn.deviceCookie, publicUrl);
      return { user: presentUser(signedIn.user), token: signedIn.token, recoveryCodes: signedIn.recoveryCodes };
    },
  );

  app.get(
    '/api/users/me/two-step',
    {
      config: { auth: 'required', can: { anyone: 'their own two-step verification' } },
      schema: { tags, summary: 'My two-step verification', response: { 200: twoStepStatusSchema, ...errorResponses(401) } },
    },
    async (request) => twoStepStatus(db, currentUser(request)),
  );

  app.post(
    '/api/users/me/two-step/setup',
    {
      config: { auth: 'required', can: { anyone: 'their own two-step verification' } },
      schema: {
        tags,
        summary: 'Start enrolling: a new secret and its QR code (not active until enabled)',
        response: { 200: twoStepSetupResponseSchema, ...errorResponses(401, 409) },
      },
    },
    async (request) => setupTwoStep(db, { user: currentUser(request), ip: request.ip }),
  );

  app.post(
    '/api/users/me/two-step/enable',
    {
      config: { auth: 'required', can: { anyone: 'their own two-step verification' } },
      schema: {
        tags,
        summary: 'Turn two-step verification on with a code from the app; answers ten recovery codes (shown once)',
        body: twoStepEnableBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => ({
      recoveryCodes: await enableTwoStep(db, { user: currentUser(request), ip: request.ip, code: request.body.code }),
    }),
  );

  app.post(
    '/api/users/me/two-step/recovery-codes',
    {
      config: { auth: 'required', can: { anyone: 'their own two-step verification' } },
      schema: {
        tags,
        summary: 'Replace my recovery codes (needs the password)',
        body: passwordConfirmBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(db, { user: currentUser(request), ip: request.ip, password: request.body.password }),
    }),
  );

  app.post(
    '/api/users/me/two-step/disable',
    {
      config: { auth: 'required', can: { anyone: 'their own two-step verification' } },
      schema: {
        tags,
        summary: 'Turn two-step verification off (needs the password; refused with 409 TWO_STEP_REQUIRED while an admin requires it)',
        body: passwordConfirmBodySchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      await disableTwoStep(db, { user: currentUser(request), ip: request.ip, password: request.body.password });
      return reply.status(204).send();
    },
  );

  /** The user whose enrolment an administrator resets, loaded before it is authorized (404 first). */
  const resetTarget = recordLoader(async (id) => {
    const target = await findUserById(db, id);
    if (!target) throw new NotFound('User not found');
    return target;
  });
  app.delete(
    '/api/users/:id/two-step',
    {
      config: {
        auth: 'required',
        can: ['update', 'User'],
        refusal: 'Only administrators can reset two-step verification.',
        load: resetTarget.load,
      },
      schema: {
        tags,
        summary: "Reset a user's two-step enrolment (admins)",
        params: userIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await resetTwoStepOf(db, { actor: currentUser(request), target: resetTarget.of(request), ip: request.ip });
      return reply.status(204).send();
    },
  );
};
