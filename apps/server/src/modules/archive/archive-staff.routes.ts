import { campaignIdParamsSchema } from '@sms/contracts/campaigns';
import {
  archiveIdParamsSchema,
  archivePostListSchema,
  archivePostResponseSchema,
  archiveQuerySchema,
  campaignArchiveBodySchema,
  campaignArchiveResponseSchema,
  createArchivePostBodySchema,
  updateArchivePostBodySchema,
} from '@sms/contracts/public-archive';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { findArchivePost, listArchivePosts } from './archive-posts.queries.ts';
import { findCampaignArchive } from './archive.queries.ts';
import { presentArchivePost, presentCampaignArchive } from './archive.presenter.ts';
import { createArchivePost, editArchivePost, removeArchivePost, setCampaignPublished } from './archive.service.ts';

const tags = ['public-site'];
const CANNOT_READ = 'You do not have permission to view the news posts.';
const CANNOT_EDIT = 'Only administrators and managers can change the news posts.';
const CANNOT_READ_CAMPAIGN = 'You do not have permission to view campaigns.';
const CANNOT_PUBLISH = 'Only administrators and managers can publish a campaign to the archive.';

/** Staff side of the public archive: posts (Configurations -> Public site) and publishing a campaign to it. */
export const archiveStaffRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const findPost = async (id: string) => {
    const row = await findArchivePost(db, id);
    if (!row) throw new NotFound('Post not found');
    return row;
  };
  const presentPost = async (id: string) => ({ post: presentArchivePost(await findPost(id)) });
  /** The post a route acts on, loaded before it is authorized (404 first). */
  const post = recordLoader(findPost);
  /** The campaign whose archive entry a route reads or changes, loaded before it is authorized. */
  const campaignArchive = recordLoader(async (id) => {
    const row = await findCampaignArchive(db, id);
    if (!row) throw new NotFound('Campaign not found');
    return row;
  });

  app.get(
    '/api/public-site/posts',
    {
      config: { auth: 'required', can: ['read', 'ArchivePost'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Archive posts, latest publish date first, scheduled ones included',
        querystring: archiveQuerySchema,
        response: { 200: archivePostListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listArchivePosts(db, request.query);
      return { data: rows.map(presentArchivePost), total };
    },
  );

  app.post(
    '/api/public-site/posts',
    {
      config: { auth: 'required', can: ['create', 'ArchivePost'], refusal: CANNOT_EDIT },
      schema: {
        tags,
        summary: 'Write an archive post (Markdown); a future publish date keeps it hidden until then',
        body: createArchivePostBodySchema,
        response: { 201: archivePostResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const id = await createArchivePost(db, { actor, ip: request.ip, post: request.body });
      return reply.status(201).send(await presentPost(id));
    },
  );

  app.get(
    '/api/public-site/posts/:id',
    {
      config: { auth: 'required', can: ['read', 'ArchivePost'], refusal: CANNOT_READ, load: post.load },
      schema: {
        tags,
        summary: 'One archive post',
        params: archiveIdParamsSchema,
        response: { 200: archivePostResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ post: presentArchivePost(post.of(request)) }),
  );

  app.patch(
    '/api/public-site/posts/:id',
    {
      config: { auth: 'required', can: ['update', 'ArchivePost'], refusal: CANNOT_EDIT, load: post.load },
      schema: {
        tags,
        summary: 'Change an archive post: title, body or publish date',
        params: archiveIdParamsSchema,
        body: updateArchivePostBodySchema,
        response: { 200: archivePostResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await editArchivePost(db, { actor, ip: request.ip, id: request.params.id, changes: request.body });
      return presentPost(request.params.id);
    },
  );

  app.delete(
    '/api/public-site/posts/:id',
    {
      config: { auth: 'required', can: ['delete', 'ArchivePost'], refusal: CANNOT_EDIT, load: post.load },
      schema: {
        tags,
        summary: 'Delete an archive post',
        params: archiveIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      await removeArchivePost(db, { actor, ip: request.ip, id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/campaigns/:id/archive',
    {
      config: { auth: 'required', can: ['read', 'Campaign'], refusal: CANNOT_READ_CAMPAIGN, load: campaignArchive.load },
      schema: {
        tags,
        summary: 'Whether a campaign is published to the public archive',
        params: campaignIdParamsSchema,
        response: { 200: campaignArchiveResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ archive: presentCampaignArchive(campaignArchive.of(request)) }),
  );

  app.put(
    '/api/campaigns/:id/archive',
    {
      config: { auth: 'required', can: ['update', 'Campaign'], refusal: CANNOT_PUBLISH, load: campaignArchive.load },
      schema: {
        tags,
        summary: 'Publish a campaign to the public archive, or take it off',
        description:
          'The archive shows the message with each merge field replaced by its fallback. A merge field without a fallback answers 409 MERGE_FIELD_WITHOUT_FALLBACK naming it.',
        params: campaignIdParamsSchema,
        body: campaignArchiveBodySchema,
        response: { 200: campaignArchiveResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const row = await setCampaignPublished(db, {
        actor,
        ip: request.ip,
        campaignId: request.params.id,
        published: request.body.published,
      });
      return { archive: presentCampaignArchive(row) };
    },
  );
};
