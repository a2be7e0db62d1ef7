import { updateUserResponseSchema } from '@sms/contracts/user-update';
import {
  listUsersQuerySchema,
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
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import type { TokenService } from '../../platform/tokens.ts';
import { ensure, userPolicy } from './users.policy.ts';
import { presentUser } from './users.presenter.ts';
import { findUserById, listUsers } from './users.queries.ts';
import { deleteUser, registerUser, updateUser } from './users.service.ts';

const tags = ['users'];

/** Loads a live user or answers 404. */
async function loadUser(db: Db, id: string) {
  const user = await findUserById(db, id);
  if (!user) throw new NotFound('User not found');
  return user;
}

/** User accounts: list, read, register, update, delete. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db; tokens: TokenService }> = async (app, { db, tokens }) => {
  app.get(
    '/api/users',
    {
      config: { auth: 'required' },
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
      ensure(userPolicy.list(actor), 'You do not have permission to view users.');
      // The order of last sign-ins is a sign-in detail too.
      ensure(
        request.query.sort !== 'lastLoginAt' || userPolicy.readSecurity(actor, null),
        'You do not have permission to sort by last sign-in.',
      );
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
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One user',
        params: userIdParamsSchema,
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const target = await loadUser(db, request.params.id);
      ensure(userPolicy.read(actor, target), 'You do not have permission to view this user.');
      return { user: presentUser(target, userPolicy.readSecurity(actor, target)) };
    },
  );

  app.put(
    '/api/users/:id',
    {
      config: { auth: 'required' },
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
      const target = await loadUser(db, request.params.id);
      ensure(userPolicy.update(actor, target), 'You can only edit your own profile.');
      const { user, token } = await updateUser(db, tokens, { actor, target, body: request.body, ip: request.ip });
      return token ? { user: presentUser(user), token } : { user: presentUser(user) };
    },
  );

  app.delete(
    '/api/users/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a user (admins; not yourself, not the last admin)',
        params: userIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const target = await loadUser(db, request.params.id);
      ensure(userPolicy.delete(actor), 'Only administrators can delete users.');
      await deleteUser(db, { actor, target, ip: request.ip });
      return reply.status(204).send();
    },
  );
};
