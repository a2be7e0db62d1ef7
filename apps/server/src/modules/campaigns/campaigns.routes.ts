import {
  audiencePreviewBodySchema,
  audiencePreviewResponseSchema,
  CALENDAR_MAX_ITEMS,
  CAMPAIGN_LIMITS,
  campaignCalendarQuerySchema,
  campaignCalendarResponseSchema,
  campaignIdParamsSchema,
  campaignListResponseSchema,
  campaignProgressSchema,
  campaignResponseSchema,
  createCampaignBodySchema,
  listCampaignsQuerySchema,
  testSendBodySchema,
  updateCampaignBodySchema,
} from '@sms/contracts/campaigns';
import { outboundMessageResponseSchema } from '@sms/contracts/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentContact } from '../contacts/index.ts';
import { presentOutboundMessage } from '../messages/index.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { destinationCounts } from './audience-destinations.ts';
import { changeCampaignState, launchCampaign, testSend, type WakeDispatcher } from './campaign-actions.service.ts';
import { readCampaignCounts, readOneCampaignCounts, emptyCounts } from './campaign-counts.queries.ts';
import { campaignProgress } from './campaign-progress.queries.ts';
import { presentCampaign } from './campaigns.presenter.ts';
import {
  countAudienceByPrefix,
  findCampaign,
  findCampaignRow,
  listCampaigns,
  listCampaignsInRange,
  sampleAudience,
} from './campaigns.queries.ts';
import { createCampaign, deleteCampaign, duplicateCampaign, updateCampaign } from './campaigns.service.ts';
import { sendingHoldRoutes } from './sending-hold.routes.ts';
import { campaignApprovalRoutes } from './campaign-approval.routes.ts';

const tags = ['campaigns'];
const CANNOT_READ = 'You do not have permission to view campaigns.';
const CANNOT_EDIT = 'You do not have permission to edit campaigns.';
const CANNOT_LAUNCH = 'You do not have permission to send campaigns.';

/** Campaigns: compose, list, read with live counts, launch, pause, resume, cancel, test send. */
export const campaignsRoutes: FastifyPluginAsyncZod<{ db: Db; wake: WakeDispatcher }> = async (app, { db, wake }) => {
  // Holding and resuming sending pause and resume campaigns: the same state machine, the same wake.
  await app.register(sendingHoldRoutes, { db, wake });
  // Approval and the board move campaigns through the same actions (decision 101).
  await app.register(campaignApprovalRoutes, { db, wake });
  const findView = async (id: string) => {
    const row = await findCampaign(db, id);
    if (!row) throw new NotFound('Campaign not found');
    return row;
  };
  /** The campaign a route acts on, loaded before it is authorized (decision 080). */
  const campaign = recordLoader(async (id) => {
    const row = await findCampaignRow(db, id);
    if (!row) throw new NotFound('Campaign not found');
    return row;
  });
  /** The campaign as the API shows it, for the routes that only read it. */
  const campaignView = recordLoader(findView);
  const present = async (id: string) => ({ campaign: presentCampaign(await findView(id), await readOneCampaignCounts(db, id)) });

  app.get(
    '/api/campaigns',
    {
      config: { auth: 'required', can: ['read', 'Campaign'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'List campaigns with live counts',
        querystring: listCampaignsQuerySchema,
        response: { 200: campaignListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { rows, total } = await listCampaigns(db, request.query);
      const counts = await readCampaignCounts(
        db,
        rows.map((row) => row.campaign.id),
      );
      return { data: rows.map((row) => presentCampaign(row, counts.get(row.campaign.id) ?? emptyCounts())), total };
    },
  );

  app.get(
    '/api/campaigns/calendar',
    {
      config: { auth: 'required', can: ['read', 'Campaign'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'Campaigns scheduled, launched or completed in a range (the campaign calendar)',
        description: `At most ${CALENDAR_MAX_ITEMS} campaigns (truncated says when more matched); timeZone is the organisation's, the one the calendar's days are in.`,
        querystring: campaignCalendarQuerySchema,
        response: { 200: campaignCalendarResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const [rows, settings] = await Promise.all([
        listCampaignsInRange(db, new Date(request.query.from), new Date(request.query.to), CALENDAR_MAX_ITEMS + 1),
        getMessagingSettings(db),
      ]);
      return { data: rows.slice(0, CALENDAR_MAX_ITEMS), truncated: rows.length > CALENDAR_MAX_ITEMS, timeZone: settings.timeZone };
    },
  );

  app.post(
    '/api/campaigns',
    {
      config: { auth: 'required', can: ['create', 'Campaign'], refusal: CANNOT_EDIT },
      schema: {
        tags,
        summary: 'Create a draft campaign',
        body: createCampaignBodySchema,
        response: { 201: campaignResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const row = await createCampaign(db, { actor, body: request.body, ip: request.ip });
      return reply.status(201).send(await present(row.id));
    },
  );

  app.post(
    '/api/campaigns/audience-preview',
    {
      config: { auth: 'required', can: ['create', 'Campaign'], refusal: CANNOT_EDIT },
      schema: {
        tags,
        summary: 'How many active contacts an audience reaches, and a few of them',
        body: audiencePreviewBodySchema,
        response: { 200: audiencePreviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { audience } = request.body;
      const groups = await countAudienceByPrefix(db, audience);
      const sample = await sampleAudience(db, audience, CAMPAIGN_LIMITS.previewSample);
      return { ...destinationCounts(groups), sample: sample.map(presentContact) };
    },
  );

  app.get(
    '/api/campaigns/:id',
    {
      config: { auth: 'required', can: ['read', 'Campaign'], refusal: CANNOT_READ, load: campaignView.load },
      schema: {
        tags,
        summary: 'One campaign with live counts',
        params: campaignIdParamsSchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ campaign: presentCampaign(campaignView.of(request), await readOneCampaignCounts(db, request.params.id)) }),
  );

  app.get(
    '/api/campaigns/:id/progress',
    {
      config: { auth: 'required', can: ['read', 'Campaign'], refusal: CANNOT_READ, load: campaign.load },
      schema: {
        tags,
        summary: 'Live progress: counts, rate, ETA, recent errors',
        params: campaignIdParamsSchema,
        response: { 200: campaignProgressSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => campaignProgress(db, campaign.of(request)),
  );

  app.put(
    '/api/campaigns/:id',
    {
      config: { auth: 'required', can: ['update', 'Campaign'], refusal: CANNOT_EDIT, load: campaign.load },
      schema: {
        tags,
        summary: 'Change a draft or scheduled campaign (partial)',
        description: 'Clearing scheduledLocal of a scheduled campaign returns it to draft. 409 CAMPAIGN_NOT_EDITABLE once it is sending.',
        params: campaignIdParamsSchema,
        body: updateCampaignBodySchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await updateCampaign(db, { actor, id: request.params.id, body: request.body, ip: request.ip });
      return present(request.params.id);
    },
  );

  app.delete(
    '/api/campaigns/:id',
    {
      config: { auth: 'required', can: ['delete', 'Campaign'], refusal: CANNOT_EDIT, load: campaign.load },
      schema: {
        tags,
        summary: 'Delete a draft',
        params: campaignIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteCampaign(db, { actor: currentUser(request), target: campaign.of(request), ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/campaigns/:id/duplicate',
    {
      config: { auth: 'required', can: ['create', 'Campaign'], refusal: CANNOT_EDIT, load: campaign.load },
      schema: {
        tags,
        summary: 'Copy a campaign into a new draft',
        params: campaignIdParamsSchema,
        response: { 201: campaignResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await duplicateCampaign(db, { actor: currentUser(request), source: campaign.of(request), ip: request.ip });
      return reply.status(201).send(await present(row.id));
    },
  );

  const launching = { auth: 'required', can: ['launch', 'Campaign'], refusal: CANNOT_LAUNCH, load: campaign.load } as const;
  app.post(
    '/api/campaigns/:id/launch',
    {
      config: launching,
      schema: {
        tags,
        summary: 'Send now, or schedule when the campaign has a future schedule',
        params: campaignIdParamsSchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await launchCampaign(db, { actor: currentUser(request), id: request.params.id, ip: request.ip, wake });
      return present(request.params.id);
    },
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(
      `/api/campaigns/:id/${action}`,
      {
        config: launching,
        schema: {
          tags,
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a campaign`,
          params: campaignIdParamsSchema,
          response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 402, 403, 404, 409) },
        },
      },
      async (request) => {
        await changeCampaignState(db, { actor: currentUser(request), target: campaign.of(request), action, ip: request.ip, wake });
        return present(request.params.id);
      },
    );
  }

  app.post(
    '/api/campaigns/:id/test-send',
    {
      config: launching,
      schema: {
        tags,
        summary: 'Send the campaign text to one number',
        description:
          'Merge fields are filled from contactId, else from the contact holding the number, else their fallbacks. Poll GET /api/messages/{id} for its status.',
        params: campaignIdParamsSchema,
        body: testSendBodySchema,
        response: { 202: outboundMessageResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const message = await testSend(db, {
        actor: currentUser(request),
        target: campaign.of(request),
        body: request.body,
        ip: request.ip,
        wake,
      });
      return reply.status(202).send({ message: presentOutboundMessage(message) });
    },
  );
};
