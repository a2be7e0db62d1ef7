import multipart from '@fastify/multipart';
import { userResponseSchema } from '@sms/contracts/users';
import type { FastifyReply, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { findUserById, presentUser } from '../users/index.ts';
import { AVATAR_LIMITS, processAvatar, readAvatarUpload } from './avatar.ts';
import { findAvatar, setUserAvatar } from './avatar.queries.ts';
import { validatorCompiler } from '../../platform/input-rules.ts';

const tags = ['account'];
const YEAR_SECONDS = 31_536_000;

// The multipart body is read and checked in the handler; the schema only documents it.
const multipartValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

/** Profile pictures: upload and remove one's own; served publicly by content hash. */
export const avatarRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(multipart, { limits: { fileSize: AVATAR_LIMITS.maxBytes, files: 1, fields: 4, fieldSize: 64, parts: 5 } });

  const reload = async (id: string) => {
    const user = await findUserById(db, id);
    if (!user) throw new NotFound('User not found');
    return { user: presentUser(user) };
  };

  app.post(
    '/api/users/me/avatar',
    {
      config: { auth: 'required', can: { anyone: 'their own picture' } },
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Upload my profile picture',
        description:
          'PNG, JPEG or WebP, at most 2 MB, in the multipart field "avatar". Stored cropped to a 256 x 256 WebP without metadata.',
        consumes: ['multipart/form-data'],
        body: z.object({ avatar: z.file() }),
        response: { 200: userResponseSchema, ...errorResponses(400, 401, 413, 415, 422) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const avatar = await processAvatar(await readAvatarUpload(request));
      await db.transaction((tx) => setUserAvatar(tx, user.id, avatar));
      return reload(user.id);
    },
  );

  app.delete(
    '/api/users/me/avatar',
    {
      config: { auth: 'required', can: { anyone: 'their own picture' } },
      schema: {
        tags,
        summary: 'Remove my profile picture (initials are shown)',
        response: { 200: userResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await db.transaction((tx) => setUserAvatar(tx, user.id, null));
      return reload(user.id);
    },
  );

  app.get(
    '/api/avatars/:hash.webp',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'A profile picture (content-addressed, cached for a year)',
        params: z.object({ hash: z.string().regex(/^[0-9a-f]{64}$/, 'hash must be 64 hexadecimal characters') }),
        response: {
          200: fileAnswer('The picture', 'image/webp'),
          304: z.undefined().describe('Not modified'),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, typedReply) => {
      const reply = typedReply as FastifyReply;
      const avatar = await findAvatar(db, request.params.hash);
      if (!avatar) throw new NotFound('Picture not found');
      const etag = `"${avatar.id}"`;
      reply
        .header('content-type', avatar.mime)
        .header('cache-control', `public, max-age=${YEAR_SECONDS}, immutable`)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
        return reply.status(304).send();
      return reply.send(avatar.bytes);
    },
  );
};
