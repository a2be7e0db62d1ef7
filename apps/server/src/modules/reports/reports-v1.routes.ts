import {
  apiCampaignParamsSchema,
  apiCampaignReportSchema,
  apiCampaignsQuerySchema,
  apiCampaignsResponseSchema,
} from '@sms/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { createReportsService, loadReportCampaign } from './reports.service.ts';

const TAGS = ['integration'];

/** The keyset position of a page: the last row's creation time and id, opaque to callers. */
const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
function decodeCursor(cursor: string | undefined): { createdAt: string; id: string } | undefined {
  if (!cursor) return undefined;
  const [createdAt = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (Number.isNaN(Date.parse(createdAt)) || !/^[0-9a-f-]{36}$/i.test(id))
    throw new ValidationError('cursor', 'cursor must be a nextCursor from a previous page');
  return { createdAt, id };
}

/**
 * /api/v1/campaigns (scope reports:read): launched campaigns and their report, for software
 * holding an API key. Every figure comes from the staff reports' own service (one definition).
 */
export const integrationReportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = createReportsService(db);

  app.get(
    '/api/v1/campaigns',
    {
      config: { auth: 'apiKey', scope: 'reports:read' },
      schema: {
        tags: TAGS,
        summary: 'Launched campaigns with their delivery and reply figures, newest first (cursor pagination)',
        description: 'The figures of the staff campaigns report (GET /api/reports/campaigns). Drafts are left out.',
        querystring: apiCampaignsQuerySchema,
        response: { 200: apiCampaignsResponseSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const { limit } = request.query;
      const rows = await service.campaignsAfter(decodeCursor(request.query.cursor), limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map((item) => item.row),
        nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.row.id) : null,
      };
    },
  );

  app.get(
    '/api/v1/campaigns/:id/report',
    {
      config: { auth: 'apiKey', scope: 'reports:read' },
      schema: {
        tags: TAGS,
        summary: "A campaign's delivery summary and replies by tag1",
        description: 'The same figures as the staff delivery report and the replies-by-group (tag1) report.',
        params: apiCampaignParamsSchema,
        response: { 200: apiCampaignReportSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => {
      const campaign = await loadReportCampaign(db, request.params.id);
      const [delivery, repliesByTag1] = [await service.delivery(campaign), await service.tag1Grouped(campaign)];
      return { delivery, repliesByTag1 };
    },
  );
};
