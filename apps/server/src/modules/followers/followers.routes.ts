import {
  exportFollowersQuerySchema,
  followerFilterSchema,
  followerListResponseSchema,
  followerStatsResponseSchema,
  listFollowersQuerySchema,
} from '@sms/contracts/followers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { sendExportFile } from '../../platform/export-file.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { presentFollower } from './followers.presenter.ts';
import { listFollowers } from './followers.queries.ts';
import { exportFollowers, followerStats } from './followers.service.ts';

const tags = ['followers'];
/** Followers are contacts: whoever reads contacts reads them, whoever exports contacts exports them. */
const READ = { auth: 'required', can: ['read', 'Contact'], refusal: 'You do not have permission to view followers.' } as const;

/** Followers: the public site's subscribers by topic, with their consent, figures and export. */
export const followersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/followers',
    {
      config: READ,
      schema: {
        tags,
        summary: 'List the public site subscribers (one row per subscription and topic), newest first',
        description: 'Filters: topic (its title), status, and from/to (the subscription day, UTC).',
        querystring: listFollowersQuerySchema,
        response: { 200: followerListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { limit, skip, ...filter } = request.query;
      const { rows, total } = await listFollowers(db, filter, { limit, skip });
      return { data: rows.map(presentFollower), total };
    },
  );

  app.get(
    '/api/followers/stats',
    {
      config: READ,
      schema: {
        tags,
        summary: 'Follower totals per topic and the growth chart (subscribes and unsubscribes per day)',
        description: 'The same filters and rows as the list: the totals count the rows, the days count when they began and ended (UTC).',
        querystring: followerFilterSchema,
        response: { 200: followerStatsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return followerStats(db, request.query);
    },
  );

  app.get(
    '/api/followers/export',
    {
      config: { auth: 'required', can: ['export', 'Contact'], refusal: 'You do not have permission to export followers.' },
      schema: {
        tags,
        summary: 'Download the followers of a filter as CSV or XLSX (streamed)',
        description: 'Same filters and rows as the list. Cells starting with = + - @, tab or CR are prefixed with a quote.',
        querystring: exportFollowersQuerySchema,
        response: {
          200: fileAnswer('The file: CSV, or XLSX', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { format, ...filter } = request.query;
      const download = exportFollowers(db, filter, format, ({ rows, completed }) => {
        recordAudit(db, {
          actor,
          action: 'followers.export',
          subject: 'Contact',
          ip: request.ip,
          details: { format, filter, rows, completed },
        }).catch((error: unknown) => request.log.error({ err: error }, 'could not audit a followers export'));
      });
      return sendExportFile(reply, download);
    },
  );
};
