import multipart from '@fastify/multipart';
import { formatBytes, IMAGE_UPLOAD_LIMITS } from '@sms/contracts/brand';
import {
  GALLERY_LIMITS,
  galleryImageParamsSchema,
  galleryImageResponseSchema,
  galleryListResponseSchema,
  galleryUploadFieldsSchema,
  listGalleryQuerySchema,
  updateGalleryImageBodySchema,
} from '@sms/contracts/gallery';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Command } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound, ValidationError } from '../../platform/errors.ts';
import { validatorCompiler } from '../../platform/input-rules.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { readUpload } from '../brand/index.ts';
import { presentGalleryImage } from './gallery.presenter.ts';
import { findGalleryImage, listGallery } from './gallery.queries.ts';
import { removeGalleryImage, updateGalleryImage, uploadGalleryImage } from './gallery.service.ts';

const tags = ['gallery'];
const LIMITS = IMAGE_UPLOAD_LIMITS.galleryImage;
/** The library serves the posts: whoever manages posts manages it. */
const CANNOT_READ = 'Only managers and administrators use the media library.';
/** Multipart bodies are read and checked in the handler (as brand uploads); the body schema only documents the form. */
const multipartValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body' ? () => ({ value: undefined }) : validatorCompiler(route);

/** The media library: images for posts beside the brand's images, where each is used, uploads and deletion. */
export const galleryRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  await app.register(multipart, {
    limits: { fileSize: LIMITS.maxBytes, files: 1, fields: 8, fieldSize: GALLERY_LIMITS.alt * 4, parts: 9 },
  });
  const changeBy = (request: FastifyRequest): Command => ({ actor: currentUser(request), ip: request.ip });
  const image = recordLoader(async (id: string) => {
    const row = await findGalleryImage(db, id);
    if (!row) throw new NotFound('Image not found');
    return row;
  });

  app.get(
    '/api/gallery',
    {
      config: { auth: 'required', can: ['read', 'ArchivePost'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'The media library: uploaded images and the brand images, newest first, with where each is used',
        querystring: listGalleryQuerySchema,
        response: { 200: galleryListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listGallery(db, request.query);
      return { data: rows.map(presentGalleryImage), total };
    },
  );

  app.post(
    '/api/gallery',
    {
      config: { auth: 'required', can: ['create', 'ArchivePost'], refusal: CANNOT_READ },
      validatorCompiler: multipartValidator,
      schema: {
        tags,
        summary: 'Upload an image to the media library',
        description:
          `${LIMITS.types.join(', ')}, at most ${formatBytes(LIMITS.maxBytes)}, in the multipart field "image"; optional "alt". ` +
          'Checked by its content and re-encoded like brand images, scaled to at most 3840x2160. The same picture again answers 200 with the image already stored.',
        consumes: ['multipart/form-data'],
        body: z.object({
          image: z.file().describe(`${LIMITS.types.join(', ')}; at most ${formatBytes(LIMITS.maxBytes)}`),
          alt: z.string().optional(),
        }),
        response: { 200: galleryImageResponseSchema, 201: galleryImageResponseSchema, ...errorResponses(400, 401, 403, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const command = changeBy(request);
      const upload = await readUpload(request, 'galleryImage', ['alt'], GALLERY_LIMITS.alt * 4);
      const fields = galleryUploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw new ValidationError('alt', fields.error.issues[0]?.message ?? 'alt is invalid');
      const { image: row, created } = await uploadGalleryImage(db, command, {
        file: upload.file,
        fileName: upload.fileName,
        alt: fields.data.alt,
      });
      return reply.status(created ? 201 : 200).send({ image: presentGalleryImage(row) });
    },
  );

  app.get(
    '/api/gallery/:id',
    {
      config: { auth: 'required', can: ['read', 'ArchivePost'], refusal: CANNOT_READ, load: image.load },
      schema: {
        tags,
        summary: 'One image of the media library, with where it is used',
        params: galleryImageParamsSchema,
        response: { 200: galleryImageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ image: presentGalleryImage(image.of(request)) }),
  );

  app.patch(
    '/api/gallery/:id',
    {
      config: { auth: 'required', can: ['update', 'ArchivePost'], refusal: CANNOT_READ, load: image.load },
      schema: {
        tags,
        summary: "Change an image's alt text",
        params: galleryImageParamsSchema,
        body: updateGalleryImageBodySchema,
        response: { 200: galleryImageResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      image: presentGalleryImage(await updateGalleryImage(db, changeBy(request), request.params.id, request.body.alt)),
    }),
  );

  app.delete(
    '/api/gallery/:id',
    {
      config: { auth: 'required', can: ['delete', 'ArchivePost'], refusal: CANNOT_READ, load: image.load },
      schema: {
        tags,
        summary: 'Delete an image of the media library',
        description: 'Refused with 409 IMAGE_IN_USE while a post or the brand uses it.',
        params: galleryImageParamsSchema,
        response: { 204: z.undefined().describe('Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeGalleryImage(db, changeBy(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
