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
import { currentUser, ensure } from '../../platform/auth.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { presentContact } from '../contacts/index.ts';
import { presentOutboundMessage } from '../messages/index.ts';
import { destinationCounts } from './audience-destinations.ts';
import { changeCampaignState, launchCampaign, testSend, type WakeDispatcher } from './campaign-actions.service.ts';
import { readCampaignCounts, readOneCampaignCounts, emptyCounts } from './campaign-counts.queries.ts';
import { campaignProgress } from './campaign-progress.queries.ts';
import { campaignPolicy } from './campaigns.policy.ts';
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

const tags = ['campaigns'];
const CANNOT_READ = 'You do not have permission to view campaigns.';
const CANNOT_EDIT = 'You do not have permission to edit campaigns.';
const CANNOT_LAUNCH = 'You do not have permission to send campaigns.';

/** Campaigns: compose, list, read with live counts, launch, pause, resume, cancel, test send. */
export const campaignsRoutes: FastifyPluginAsyncZod<{ db: Db; wake: WakeDispatcher }> = async (app, { db, wake }) => {
  // Holding and resuming sending pause and resume campaigns: the same state machine, the same wake.
  await app.register(sendingHoldRoutes, { db, wake });
  const loadRow = async (id: string) => {
    const row = await findCampaignRow(db, id);
    if (!row) throw new NotFound('Campaign not found');
    return row;
  };
  const present = async (id: string) => {
    const row = await findCampaign(db, id);
    if (!row) throw new NotFound('Campaign not found');
    return { campaign: presentCampaign(row, await readOneCampaignCounts(db, id)) };
  };
  const idRoute = (summary: string, response: z.ZodType, codes: Parameters<typeof errorResponses> = [400, 401, 403, 404]) => ({
    config: { auth: 'required' as const },
    schema: { tags, summary, params: campaignIdParamsSchema, response: { 200: response, ...errorResponses(...codes) } },
  });

  app.get(
    '/api/campaigns',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'List campaigns with live counts',
        querystring: listCampaignsQuerySchema,
        response: { 200: campaignListResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      ensure(campaignPolicy.read(currentUser(request)), CANNOT_READ);
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
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Campaigns scheduled, launched or completed in a range (the campaign calendar)',
        description: `At most ${CALENDAR_MAX_ITEMS} campaigns (truncated says when more matched).`,
        querystring: campaignCalendarQuerySchema,
        response: { 200: campaignCalendarResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      ensure(campaignPolicy.read(currentUser(request)), CANNOT_READ);
      const rows = await listCampaignsInRange(db, new Date(request.query.from), new Date(request.query.to), CALENDAR_MAX_ITEMS + 1);
      return { data: rows.slice(0, CALENDAR_MAX_ITEMS), truncated: rows.length > CALENDAR_MAX_ITEMS };
    },
  );

  app.post(
    '/api/campaigns',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Create a draft campaign',
        body: createCampaignBodySchema,
        response: { 201: campaignResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      ensure(campaignPolicy.create(actor), CANNOT_EDIT);
      const row = await createCampaign(db, { actor, body: request.body, ip: request.ip });
      return reply.status(201).send(await present(row.id));
    },
  );

  app.post(
    '/api/campaigns/audience-preview',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'How many active contacts an audience reaches, and a few of them',
        body: audiencePreviewBodySchema,
        response: { 200: audiencePreviewResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      ensure(campaignPolicy.create(currentUser(request)), CANNOT_EDIT);
      const { audience } = request.body;
      const groups = await countAudienceByPrefix(db, audience);
      const sample = await sampleAudience(db, audience, CAMPAIGN_LIMITS.previewSample);
      return { ...destinationCounts(groups), sample: sample.map(presentContact) };
    },
  );

  app.get('/api/campaigns/:id', idRoute('One campaign with live counts', campaignResponseSchema), async (request) => {
    ensure(campaignPolicy.read(currentUser(request)), CANNOT_READ);
    return present(request.params.id);
  });

  app.get(
    '/api/campaigns/:id/progress',
    idRoute('Live progress: counts, rate, ETA, recent errors', campaignProgressSchema),
    async (request) => {
      ensure(campaignPolicy.read(currentUser(request)), CANNOT_READ);
      return campaignProgress(db, await loadRow(request.params.id));
    },
  );

  app.put(
    '/api/campaigns/:id',
    {
      config: { auth: 'required' },
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
      await loadRow(request.params.id);
      ensure(campaignPolicy.update(actor), CANNOT_EDIT);
      await updateCampaign(db, { actor, id: request.params.id, body: request.body, ip: request.ip });
      return present(request.params.id);
    },
  );

  app.delete(
    '/api/campaigns/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Delete a draft',
        params: campaignIdParamsSchema,
        response: { 204: z.undefined(), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const target = await loadRow(request.params.id);
      ensure(campaignPolicy.delete(actor), CANNOT_EDIT);
      await deleteCampaign(db, { actor, target, ip: request.ip });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/campaigns/:id/duplicate',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Copy a campaign into a new draft',
        params: campaignIdParamsSchema,
        response: { 201: campaignResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const source = await loadRow(request.params.id);
      ensure(campaignPolicy.create(actor), CANNOT_EDIT);
      const row = await duplicateCampaign(db, { actor, source, ip: request.ip });
      return reply.status(201).send(await present(row.id));
    },
  );

  app.post(
    '/api/campaigns/:id/launch',
    {
      ...idRoute('Send now, or schedule when the campaign has a future schedule', campaignResponseSchema, [400, 401, 403, 404, 409, 422]),
    },
    async (request) => {
      const actor = currentUser(request);
      await loadRow(request.params.id);
      ensure(campaignPolicy.launch(actor), CANNOT_LAUNCH);
      await launchCampaign(db, { actor, id: request.params.id, ip: request.ip, wake });
      return present(request.params.id);
    },
  );

  for (const action of ['pause', 'resume', 'cancel'] as const) {
    app.post(
      `/api/campaigns/:id/${action}`,
      idRoute(`${action[0]?.toUpperCase()}${action.slice(1)} a campaign`, campaignResponseSchema, [400, 401, 403, 404, 409]),
      async (request) => {
        const actor = currentUser(request);
        const target = await loadRow(request.params.id);
        ensure(campaignPolicy.launch(actor), CANNOT_LAUNCH);
        await changeCampaignState(db, { actor, target, action, ip: request.ip, wake });
        return present(request.params.id);
      },
    );
  }

  app.post(
    '/api/campaigns/:id/test-send',
    {
      config: { auth: 'required' },
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
      const actor = currentUser(request);
      const target = await loadRow(request.params.id);
      ensure(campaignPolicy.launch(actor), CANNOT_LAUNCH);
      const message = await testSend(db, { actor, target, body: request.body, ip: request.ip, wake });
      return reply.status(202).send({ message: presentOutboundMessage(message) });
    },
  );
};
