import { updateUserResponseSchema } from '@sms/contracts/user-update';
import {
  listUsersQuerySchema,
  type ListUsersQuery,
  registerBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userListResponseSchema,
  userResponseSchema,
} from '@sms/contracts/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { userPolicy } from './users.policy.ts';
import { presentUser } from './users.presenter.ts';
import { findUserById, listUsers } from './users.queries.ts';
import { deleteUser, registerUser, updateUser } from './users.service.ts';

const tags = ['users'];

/** User accounts: list, read, register, update, delete. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: TokenService }> = async (app, { db, tokens }) => {
  /** The live user a route acts on, loaded before it is authorized (404 first). */
  const target = recordLoader(async (id) => {
    const user = await findUserById(db, id);
    if (!user) throw new NotFound('User not found');
    return user;
  });
  app.get(
    '/api/users',
    {
      config: {
        auth: 'required',
        can: [
          { can: ['read', 'User'], refusal: 'You do not have permission to view users.' },
          // The order of last sign-ins is a sign-in detail too.
          {
            can: ['readSecurity', 'User'],
            when: (request) => (request.query as ListUsersQuery).sort === 'lastLoginAt',
            refusal: 'You do not have permission to sort by last sign-in.',
          },
        ],
      },
      schema: {
        tags,
        summary: 'List users (admins and managers)',
        description: "Managers get the team without others' phone, last sign-in and two-step status (admins only: readSecurity User).",
        querystring: listUsersQuerySchema,
        response: { 200: userListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { rows, total } = await listUsers(db, request.query);
      return { data: rows.map((row) => presentUser(row, userPolicy.readSecurity(actor, row))), total };
    },
  );

  app.post(
    '/api/users/register',
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: 'Create an account',
        description:
          'The first account ever becomes admin. Afterwards admins (bearer token) create accounts with any role (default viewer); ' +
          'anonymous visitors only when open registration is on, always as viewer, at most 10 per address in 15 minutes (429).',
        body: registerBodySchema,
        response: { 201: userResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const user = await registerUser(db, { actor: request.user, body: request.body, ip: request.ip });
      return reply.status(201).send({ user: presentUser(user) });
    },
  );

  app.get(
    '/api/users/:id',
    {
      config: {
        auth: 'required',
        can: ['read', 'User'],
        orSelf: true,
        refusal: 'You do not have permission to view this user.',
        load: target.load,
      },
      schema: {
        tags,
        summary: 'One user',
        params: userIdParamsSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = target.of(request);
      return { user: presentUser(user, userPolicy.readSecurity(currentUser(request), user)) };
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: {
        auth: 'required',
        can: ['update', 'User'],
        orSelf: true,
        refusal: 'You can only edit your own profile.',
        load: target.load,
      },
      schema: {
        tags,
        summary: 'Update a user (partial)',
        description:
          'Admins may change anything on anyone. Others may edit their own name, email, phone, locale and password. ' +
          'Changing your own password or email needs currentPassword. When your own tokens are revoked by the change ' +
          '(password or role), the answer carries a fresh `token`.',
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: { 200: updateUserResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { user, token } = await updateUser(db, tokens, { actor, target: target.of(request), body: request.body, ip: request.ip });
      return token ? { user: presentUser(user), token } : { user: presentUser(user) };
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { auth: 'required', can: ['delete', 'User'], refusal: 'Only administrators can delete users.', load: target.load },
      schema: {
        tags,
        summary: 'Delete a user (admins; not yourself, not the last admin)',
        params: userIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteUser(db, { actor: currentUser(request), target: target.of(request), ip: request.ip });
      return reply.status(204).send();
    },
  );
};
