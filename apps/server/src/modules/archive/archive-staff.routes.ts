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
import { currentUser, ensure } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { findArchivePost, listArchivePosts } from './archive-posts.queries.ts';
import { findCampaignArchive } from './archive.queries.ts';
import { archivePolicy } from './archive.policy.ts';
import { presentArchivePost, presentCampaignArchive } from './archive.presenter.ts';
import { createArchivePost, editArchivePost, removeArchivePost, setCampaignPublished } from './archive.service.ts';

const tags = ['public-site'];
const CANNOT_READ = 'You do not have permission to view the news posts.';
const CANNOT_EDIT = 'Only administrators and managers can change the news posts.';
const CANNOT_READ_CAMPAIGN = 'You do not have permission to view campaigns.';
const CANNOT_PUBLISH = 'Only administrators and managers can publish a campaign to the archive.';

/** Staff side of the public archive: posts (Configurations -> Public site) and publishing a campaign to it. */
export const archiveStaffRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const presentPost = async (id: string) => {
    const row = await findArchivePost(db, id);
    if (!row) throw new NotFound('Post not found');
    return { post: presentArchivePost(row) };
  };

  app.get(
    '/api/public-site/posts',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Archive posts, latest publish date first, scheduled ones included',
        querystring: archiveQuerySchema,
        response: { 200: archivePostListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      ensure(archivePolicy.readPosts(currentUser(request).role), CANNOT_READ);
      const { rows, total } = await listArchivePosts(db, request.query);
      return { data: rows.map(presentArchivePost), total };
    },
  );

  app.post(
    '/api/public-site/posts',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Write an archive post (Markdown); a future publish date keeps it hidden until then',
        body: createArchivePostBodySchema,
        response: { 201: archivePostResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      ensure(archivePolicy.createPost(actor.role), CANNOT_EDIT);
      const id = await createArchivePost(db, { actor, ip: request.ip, post: request.body });
      return reply.status(201).send(await presentPost(id));
    },
  );

  app.get(
    '/api/public-site/posts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'One archive post',
        params: archiveIdParamsSchema,
        response: { 200: archivePostResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ensure(archivePolicy.readPosts(currentUser(request).role), CANNOT_READ);
      return presentPost(request.params.id);
    },
  );

  app.patch(
    '/api/public-site/posts/:id',
    {
      config: { auth: 'required' },
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
      ensure(archivePolicy.updatePost(actor.role), CANNOT_EDIT);
      await editArchivePost(db, { actor, ip: request.ip, id: request.params.id, changes: request.body });
      return presentPost(request.params.id);
    },
  );

  app.delete(
    '/api/public-site/posts/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete an archive post',
        params: archiveIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      ensure(archivePolicy.deletePost(actor.role), CANNOT_EDIT);
      await removeArchivePost(db, { actor, ip: request.ip, id: request.params.id });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/campaigns/:id/archive',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Whether a campaign is published to the public archive',
        params: campaignIdParamsSchema,
        response: { 200: campaignArchiveResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      ensure(archivePolicy.readCampaign(currentUser(request).role), CANNOT_READ_CAMPAIGN);
      const row = await findCampaignArchive(db, request.params.id);
      if (!row) throw new NotFound('Campaign not found');
      return { archive: presentCampaignArchive(row) };
    },
  );

  app.put(
    '/api/campaigns/:id/archive',
    {
      config: { auth: 'required' },
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
      ensure(archivePolicy.publishCampaign(actor.role), CANNOT_PUBLISH);
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
