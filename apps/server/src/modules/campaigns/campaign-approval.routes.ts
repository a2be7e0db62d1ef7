import {
  approvalSettingsSchema,
  approveBodySchema,
  boardResponseSchema,
  campaignApprovalResponseSchema,
  moveCampaignBodySchema,
  rejectApprovalBodySchema,
} from '@sms/contracts/campaign-approval';
import { campaignIdParamsSchema, campaignResponseSchema } from '@sms/contracts/campaigns';
import { roleCan } from '@sms/contracts/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { recordLoader } from '../../platform/authorization.ts';
import { NotFound } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import type { WakeDispatcher } from './campaign-actions.service.ts';
import { approveCampaign, campaignApprovalView, rejectCampaign, requestApproval } from './campaign-approval.service.ts';
import { readApprovalThreshold, saveApprovalThreshold } from './campaign-approval.queries.ts';
import { campaignBoard, moveOnBoard } from './campaign-board.service.ts';
import { readOneCampaignCounts } from './campaign-counts.queries.ts';
import { presentCampaign } from './campaigns.presenter.ts';
import { findCampaign, findCampaignRow } from './campaigns.queries.ts';

const tags = ['campaigns'];
const CANNOT_READ = 'You do not have permission to view campaigns.';
const CANNOT_LAUNCH = 'You do not have permission to send campaigns.';
const CANNOT_APPROVE = 'You do not have permission to approve campaigns.';

/** Campaign approval (four eyes) and the campaign board (decision 101). */
export const campaignApprovalRoutes: FastifyPluginAsyncZod<{ db: Db; wake: WakeDispatcher }> = async (app, { db, wake }) => {
  const campaign = recordLoader(async (id) => {
    const row = await findCampaignRow(db, id);
    if (!row) throw new NotFound('Campaign not found');
    return row;
  });
  const present = async (id: string) => {
    const row = await findCampaign(db, id);
    if (!row) throw new NotFound('Campaign not found');
    return { campaign: presentCampaign(row, await readOneCampaignCounts(db, id)) };
  };

  app.get(
    '/api/settings/campaign-approval',
    {
      config: { auth: 'required', can: ['read', 'Settings'], refusal: 'You do not have permission to view the settings.' },
      schema: {
        tags,
        summary: 'The approval rule: campaigns to more than threshold recipients need approval (null: off)',
        response: { 200: approvalSettingsSchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ threshold: await readApprovalThreshold(db) }),
  );

  app.put(
    '/api/settings/campaign-approval',
    {
      config: { auth: 'required', can: ['update', 'Settings'], refusal: 'Only administrators can change the approval rule.' },
      schema: {
        tags,
        summary: 'Change the approval rule',
        body: approvalSettingsSchema,
        response: { 200: approvalSettingsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      const { threshold } = request.body;
      await db.transaction(async (tx) => {
        await saveApprovalThreshold(tx, threshold);
        await recordAudit(tx, {
          actor,
          action: 'settings.campaign_approval_update',
          subject: 'Settings',
          ip: request.ip,
          details: { threshold },
        });
      });
      return { threshold };
    },
  );

  app.get(
    '/api/campaigns/board',
    {
      config: { auth: 'required', can: ['read', 'Campaign'], refusal: CANNOT_READ },
      schema: {
        tags,
        summary: 'The campaign board: campaigns by column (draft, in review, scheduled, sending, paused, done)',
        response: { 200: boardResponseSchema, ...errorResponses(401, 403) },
      },
    },
    async () => campaignBoard(db),
  );

  app.post(
    '/api/campaigns/:id/move',
    {
      config: { auth: 'required', can: ['launch', 'Campaign'], refusal: CANNOT_LAUNCH, load: campaign.load },
      schema: {
        tags,
        summary: 'Move a campaign to a column of the board, through the campaign state machine',
        description:
          'in_review requests approval; scheduled or sending launches a draft (or approves one in review, as its schedule says); paused pauses, sending resumes; done cancels; draft withdraws a request or removes a schedule. 409 CAMPAIGN_STATE (or CAMPAIGN_NO_SCHEDULE, CAMPAIGN_APPROVAL_REQUIRED) when the move is not allowed.',
        params: campaignIdParamsSchema,
        body: moveCampaignBodySchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      await moveOnBoard(db, { actor, ip: request.ip, role: actor.role, target: campaign.of(request), column: request.body.column, wake });
      return present(request.params.id);
    },
  );

  app.get(
    '/api/campaigns/:id/approval',
    {
      config: { auth: 'required', can: ['read', 'Campaign'], refusal: CANNOT_READ, load: campaign.load },
      schema: {
        tags,
        summary: 'Whether the campaign needs approval, its approval state and history',
        params: campaignIdParamsSchema,
        response: { 200: campaignApprovalResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = currentUser(request);
      return campaignApprovalView(db, campaign.of(request), { id: actor.id, canApprove: roleCan(actor.role, 'approve', 'Campaign') });
    },
  );

  app.post(
    '/api/campaigns/:id/request-approval',
    {
      config: { auth: 'required', can: ['launch', 'Campaign'], refusal: CANNOT_LAUNCH, load: campaign.load },
      schema: {
        tags,
        summary: 'Send a draft for approval instead of launching it (it goes to in_review)',
        params: campaignIdParamsSchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await requestApproval(db, { actor: currentUser(request), ip: request.ip, target: campaign.of(request) });
      return present(request.params.id);
    },
  );

  app.post(
    '/api/campaigns/:id/approve',
    {
      config: { auth: 'required', can: ['approve', 'Campaign'], refusal: CANNOT_APPROVE, load: campaign.load },
      schema: {
        tags,
        summary: 'Approve a campaign in review: it launches as requested (now, or at its schedule)',
        description: '403 CAMPAIGN_OWN_APPROVAL for its author or requester.',
        params: campaignIdParamsSchema,
        body: approveBodySchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => {
      await approveCampaign(db, {
        actor: currentUser(request),
        ip: request.ip,
        target: campaign.of(request),
        comment: request.body.comment,
        wake,
      });
      return present(request.params.id);
    },
  );

  app.post(
    '/api/campaigns/:id/reject',
    {
      config: { auth: 'required', can: ['approve', 'Campaign'], refusal: CANNOT_APPROVE, load: campaign.load },
      schema: {
        tags,
        summary: 'Reject a campaign in review with a comment: it goes back to draft and its author is told why',
        description: '403 CAMPAIGN_OWN_APPROVAL for its author or requester.',
        params: campaignIdParamsSchema,
        body: rejectApprovalBodySchema,
        response: { 200: campaignResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await rejectCampaign(db, {
        actor: currentUser(request),
        ip: request.ip,
        target: campaign.of(request),
        comment: request.body.comment,
      });
      return present(request.params.id);
    },
  );
};
