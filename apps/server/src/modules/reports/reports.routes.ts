import {
  deliverySummarySchema,
  followUpBodySchema,
  followUpResponseSchema,
  nonRespondersQuerySchema,
  nonRespondersResponseSchema,
  recipientsQuerySchema,
  recipientsResponseSchema,
  reportCampaignParamsSchema,
  reportCampaignsQuerySchema,
  reportCampaignsResponseSchema,
  reportExportQuerySchema,
  tag1ReportSchema,
} from '@sms/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { exportFile, sendExportFile, type ExportFormat, type ExportSpec } from '../../platform/export-file.ts';
import { errorResponses, fileAnswer } from '../../platform/openapi.ts';
import { emptyCounts, findCampaign, presentCampaign } from '../campaigns/index.ts';
import { campaignsFile, nonRespondersFile, recipientsFile, tag1File } from './report-files.ts';
import { withMaskedPhones } from './reports.presenter.ts';
import { reportPolicy } from './reports.policy.ts';
import { createReportsService, loadReportCampaign } from './reports.service.ts';

const tags = ['reports'];
const CANNOT_READ = 'You do not have permission to view reports.';
const CANNOT_EXPORT = 'You do not have permission to export reports.';
const CANNOT_FOLLOW_UP = 'You do not have permission to create campaigns.';
const FILE = { 200: fileAnswer('The file: CSV, or XLSX', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet') };
const FORMULAS =
  'Cells starting with = + - @ tab or CR are prefixed with a quote (CSV: phones too). Viewers get phone numbers masked (+44 79** ***456).';

/** Whole or masked phone numbers in this reader's files. */
const phoneView = (request: FastifyRequest) => ({ maskPhones: !reportPolicy.readPhone(currentUser(request)) });

/**
 * Per-campaign reports: the campaigns overview, delivery (summary and per-recipient table),
 * tag1-grouped replies, non-responders and their follow-up draft; each streamed as CSV or XLSX.
 */
export const reportsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const service = createReportsService(db);
  /** The campaign a report is about, loaded before the report is authorized (404 first). */
  const reportCampaign = recordLoader((id) => loadReportCampaign(db, id), 'campaignId');

  const send = (request: FastifyRequest, reply: FastifyReply, spec: ExportSpec, format: ExportFormat, details: Record<string, unknown>) => {
    const actor = currentUser(request);
    const file = exportFile(spec, format, ({ rows, completed }) => {
      recordAudit(db, {
        actor,
        action: 'reports.export',
        subject: 'Report',
        ip: request.ip,
        details: { report: spec.name, format, ...details, rows, completed },
      }).catch((error: unknown) => request.log.error({ err: error }, 'could not audit a report export'));
    });
    return sendExportFile(reply, file);
  };

  app.get(
    '/api/reports/campaigns',
    {
      config: { auth: 'required', can: ['read', 'Report'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Launched campaigns with their delivery and reply figures',
        description:
          'Drafts are left out. optedOut: recipients who opted out in answer to the campaign (an opt-out keyword matched to its message).',
        querystring: reportCampaignsQuerySchema,
        response: { 200: reportCampaignsResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      return service.campaigns(request.query);
    },
  );

  app.get(
    '/api/reports/campaigns/export',
    {
      config: { auth: 'required', can: ['export', 'Report'], refusal: CANNOT_EXPORT },
      schema: {
        tags,
        summary: 'The campaigns report as CSV or XLSX (streamed)',
        description: `Same search, status and sort as the list, without paging. ${FORMULAS}`,
        querystring: reportCampaignsQuerySchema.omit({ limit: true, skip: true }).extend(reportExportQuerySchema.shape),
        response: { ...FILE, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      return send(request, reply, campaignsFile(service, query), format, { filter: query });
    },
  );

  const perCampaign = <R extends z.ZodType>(summary: string, response: R) => ({
    config: { auth: 'required' as const, can: ['read', 'Report'] as const, refusal: CANNOT_READ, load: reportCampaign.load },
    schema: { tags, summary, params: reportCampaignParamsSchema, response: { 200: response, ...errorResponses(400, 401, 403, 404) } },
  });
  const withQuery = <R extends z.ZodType, Q extends z.ZodType>(summary: string, response: R, querystring: Q) => {
    const route = perCampaign(summary, response);
    return { ...route, schema: { ...route.schema, querystring } };
  };

  app.get(
    '/api/reports/delivery/:campaignId',
    perCampaign('Delivery summary: counts by status, replies, opt-outs, timeline, errors', deliverySummarySchema),
    async (request) => {
      return service.delivery(reportCampaign.of(request));
    },
  );

  app.get(
    '/api/reports/delivery/:campaignId/recipients',
    withQuery('Per-recipient delivery table', recipientsResponseSchema, recipientsQuerySchema),
    async (request) => {
      const actor = currentUser(request);
      const whole = reportPolicy.readPhone(actor);
      const answer = await service.recipients(reportCampaign.of(request), {
        ...request.query,
        phoneSearch: whole,
      });
      return whole ? answer : { ...answer, data: withMaskedPhones(answer.data) };
    },
  );

  app.get(
    '/api/reports/delivery/:campaignId/recipients/export',
    {
      config: { auth: 'required', can: ['export', 'Report'], refusal: CANNOT_EXPORT, load: reportCampaign.load },
      schema: {
        tags,
        summary: 'The per-recipient table as CSV or XLSX (streamed)',
        description: `Same filters as the table, in recipient order. ${FORMULAS}`,
        params: reportCampaignParamsSchema,
        querystring: recipientsQuerySchema.omit({ limit: true, skip: true, sort: true, order: true }).extend(reportExportQuerySchema.shape),
        response: { ...FILE, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const campaign = reportCampaign.of(request);
      const { format, ...filter } = request.query;
      return send(request, reply, recipientsFile(db, campaign, filter, phoneView(request)), format, { campaignId: campaign.id, filter });
    },
  );

  app.get(
    '/api/reports/tag1-grouped/:campaignId',
    perCampaign('Recipients, deliveries and replies per tag1 value, with reply words', tag1ReportSchema),
    async (request) => {
      return service.tag1Grouped(reportCampaign.of(request));
    },
  );

  app.get(
    '/api/reports/tag1-grouped/:campaignId/export',
    {
      config: { auth: 'required', can: ['export', 'Report'], refusal: CANNOT_EXPORT, load: reportCampaign.load },
      schema: {
        tags,
        summary: 'The tag1 report as CSV or XLSX',
        description: FORMULAS,
        params: reportCampaignParamsSchema,
        querystring: reportExportQuerySchema,
        response: { ...FILE, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const campaign = reportCampaign.of(request);
      return send(request, reply, tag1File(service, campaign), request.query.format, { campaignId: campaign.id });
    },
  );

  app.get(
    '/api/reports/non-responders/:campaignId',
    withQuery(
      'Recipients whose message was sent or delivered and who have not replied',
      nonRespondersResponseSchema,
      nonRespondersQuerySchema,
    ),
    async (request) => {
      const actor = currentUser(request);
      const whole = reportPolicy.readPhone(actor);
      const answer = await service.nonResponders(reportCampaign.of(request), {
        ...request.query,
        phoneSearch: whole,
      });
      return whole ? answer : { ...answer, data: withMaskedPhones(answer.data) };
    },
  );

  app.get(
    '/api/reports/non-responders/:campaignId/export',
    {
      config: { auth: 'required', can: ['export', 'Report'], refusal: CANNOT_EXPORT, load: reportCampaign.load },
      schema: {
        tags,
        summary: 'The non-responders as CSV or XLSX (streamed)',
        description: `Same tag1 and search filters as the list. ${FORMULAS}`,
        params: reportCampaignParamsSchema,
        querystring: nonRespondersQuerySchema
          .omit({ limit: true, skip: true, sort: true, order: true })
          .extend(reportExportQuerySchema.shape),
        response: { ...FILE, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const campaign = reportCampaign.of(request);
      const { format, ...filter } = request.query;
      return send(request, reply, nonRespondersFile(db, campaign, filter, phoneView(request)), format, { campaignId: campaign.id, filter });
    },
  );

  app.post(
    '/api/reports/non-responders/:campaignId/follow-up',
    {
      config: { auth: 'required', can: ['create', 'Campaign'], refusal: CANNOT_FOLLOW_UP, load: reportCampaign.load },
      schema: {
        tags,
        summary: 'A draft campaign to the non-responders (optionally some tag1 values)',
        description:
          'Same text, sender ID, gateway, reply window, rate, quiet hours and validity as the original; audience non_responders. 409 CAMPAIGN_NOT_SENT for a draft or a campaign still waiting for its schedule.',
        params: reportCampaignParamsSchema,
        body: followUpBodySchema,
        response: { 201: followUpResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const source = reportCampaign.of(request);
      const row = await service.followUp(source, request.body ?? {}, { actor, ip: request.ip });
      const created = await findCampaign(db, row.id);
      if (!created) throw new Error('follow-up campaign vanished');
      return reply.status(201).send({ campaign: presentCampaign(created, emptyCounts()) });
    },
  );
};
