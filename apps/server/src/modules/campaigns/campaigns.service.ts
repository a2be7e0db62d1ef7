import {
  CAMPAIGN_ERROR_CODES,
  EDITABLE_CAMPAIGN_STATUSES,
  type Audience,
  type CreateCampaignBody,
  type StoredAudience,
  type UpdateCampaignBody,
} from '@sms/contracts/campaigns';
import { parseTemplate } from '@sms/contracts/message-template';
import { zonedToInstant } from '@sms/contracts/zoned-time';
import type { Db, Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { Conflict, Unprocessable, ValidationError } from '../../platform/errors.ts';
import { findGateway } from '../gateways/index.ts';
import { findSegment } from '../segments/index.ts';
import { countTemplateUse } from '../templates/index.ts';
import { getMessagingSettings } from '../settings/index.ts';
import {
  copyAudienceContacts,
  deleteCampaignRow,
  findCampaignRow,
  insertCampaign,
  replaceAudienceContacts,
  updateCampaignRow,
  type CampaignRow,
  type CampaignValues,
} from './campaigns.queries.ts';
import { editChangesApproved, withdrawApprovalAfterEdit } from './campaign-approval-withdraw.ts';
import { transitionCampaign } from './campaign-state.ts';

/** The instant a schedule names, or null for "when launched". */
export function scheduledInstant(local: string | null, timeZone: string): Date | null {
  return local ? zonedToInstant(local, timeZone) : null;
}

/** Checks what an audience refers to; explicit lists are stored apart (their ids are not kept in the JSON). */
async function checkAudience(db: Executor, audience: Audience): Promise<void> {
  if (audience.type === 'segment' && !(await findSegment(db, audience.segmentId)))
    throw new ValidationError('audience.segmentId', 'audience.segmentId names a segment that does not exist');
  if (audience.type !== 'non_responders') return;
  const source = await findCampaignRow(db, audience.campaignId);
  if (!source) throw new ValidationError('audience.campaignId', 'audience.campaignId names a campaign that does not exist');
}

async function checkGateway(db: Executor, gatewayId: string | null | undefined): Promise<void> {
  if (!gatewayId) return;
  if (!(await findGateway(db, gatewayId))) throw new ValidationError('gatewayId', 'gatewayId names a gateway that does not exist');
}

/** The JSON kept for an audience (an explicit list's ids live in campaign_audience_contacts). */
const storedAudience = (audience: Audience): Record<string, unknown> => (audience.type === 'contacts' ? { type: 'contacts' } : audience);

/** Creates a draft campaign. */
export async function createCampaign(db: Db, input: Command & { body: CreateCampaignBody; followUpOf?: string }): Promise<CampaignRow> {
  const { body } = input;
  await checkAudience(db, body.audience);
  await checkGateway(db, body.gatewayId);
  const timeZone = body.timeZone ?? (await getMessagingSettings(db)).timeZone;
  return db.transaction(async (tx) => {
    const row = await insertCampaign(tx, {
      name: body.name,
      body: body.body,
      senderId: body.senderId,
      gatewayId: body.gatewayId,
      audience: storedAudience(body.audience),
      scheduledLocal: body.scheduledLocal,
      scheduledAt: scheduledInstant(body.scheduledLocal, timeZone),
      timeZone,
      rateLimit: body.rateLimit,
      replyWindowHours: body.replyWindowHours,
      quietHours: body.quietHours,
      validityHours: body.validityHours,
      followUpOf: input.followUpOf ?? null,
      createdBy: input.actor.id,
    });
    if (body.audience.type === 'contacts') await replaceAudienceContacts(tx, row.id, body.audience.contactIds);
    if (body.templateId && !(await countTemplateUse(tx, body.templateId)))
      throw new ValidationError('templateId', 'templateId names a template that does not exist');
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.create',
      subject: 'Campaign',
      subjectId: row.id,
      ip: input.ip,
      details: { name: row.name },
    });
    return row;
  });
}

/**
 * Changes a draft or scheduled campaign. Removing the schedule of a scheduled campaign returns it
 * to draft; moving it keeps it scheduled (but not into the past).
 */
export async function updateCampaign(db: Db, input: Command & { id: string; body: UpdateCampaignBody }): Promise<CampaignRow> {
  const { body } = input;
  if (body.audience) await checkAudience(db, body.audience);
  await checkGateway(db, body.gatewayId);
  return db.transaction(async (tx) => {
    const current = await findCampaignRow(tx, input.id, { forUpdate: true });
    if (!current) throw new Error('campaign vanished');
    if (!EDITABLE_CAMPAIGN_STATUSES.includes(current.status)) {
      throw new Conflict(`A campaign that is ${current.status} can no longer be edited`, { code: CAMPAIGN_ERROR_CODES.notEditable });
    }
    const timeZone = body.timeZone ?? current.timeZone;
    const scheduledLocal = body.scheduledLocal === undefined ? current.scheduledLocal : body.scheduledLocal;
    const scheduledAt = scheduledInstant(scheduledLocal, timeZone);
    const patch: Partial<CampaignValues> = {
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.body === undefined ? {} : { body: body.body }),
      ...(body.senderId === undefined ? {} : { senderId: body.senderId }),
      ...(body.gatewayId === undefined ? {} : { gatewayId: body.gatewayId }),
      ...(body.audience === undefined ? {} : { audience: storedAudience(body.audience) }),
      ...(body.rateLimit === undefined ? {} : { rateLimit: body.rateLimit }),
      ...(body.replyWindowHours === undefined ? {} : { replyWindowHours: body.replyWindowHours }),
      ...(body.quietHours === undefined ? {} : { quietHours: body.quietHours }),
      ...(body.validityHours === undefined ? {} : { validityHours: body.validityHours }),
      timeZone,
      scheduledLocal,
      scheduledAt,
    };
    if (current.status === 'scheduled') {
      // Without a schedule it goes back to draft (the state machine clears its launch).
      if (!scheduledAt) await transitionCampaign(tx, input.id, 'draft', { from: ['scheduled'] });
      else if (scheduledAt.getTime() <= Date.now())
        throw new Unprocessable('The new schedule is in the past', CAMPAIGN_ERROR_CODES.scheduleInPast, 'scheduledLocal');
      // It will start without another launch, so its new text must pass the launch's check now.
      else if (body.body !== undefined) checkBodyForSending(body.body);
    }
    // A changed message or audience is not what was approved (decision 101): compared before it is written.
    const withdraw = await editChangesApproved(tx, current, body);
    const row = await updateCampaignRow(tx, input.id, patch);
    if (!row) throw new Error('campaign vanished');
    if (body.audience?.type === 'contacts') await replaceAudienceContacts(tx, row.id, body.audience.contactIds);
    if (withdraw) await withdrawApprovalAfterEdit(tx, { actor: input.actor, ip: input.ip, campaign: row });
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.update',
      subject: 'Campaign',
      subjectId: row.id,
      ip: input.ip,
      details: { fields: Object.keys(body) },
    });
    return row;
  });
}

/** Deletes a draft (launched campaigns are kept: cancel them instead). */
export async function deleteCampaign(db: Db, input: Command & { target: CampaignRow }): Promise<void> {
  if (input.target.status !== 'draft') {
    throw new Conflict(`Only drafts can be deleted; this campaign is ${input.target.status}`, { code: CAMPAIGN_ERROR_CODES.notEditable });
  }
  await db.transaction(async (tx) => {
    await deleteCampaignRow(tx, input.target.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.delete',
      subject: 'Campaign',
      subjectId: input.target.id,
      ip: input.ip,
      details: { name: input.target.name },
    });
  });
}

/** A copy sends to the segment as it will be then, not as it was recorded for the original. */
function unresolved(audience: StoredAudience): Record<string, unknown> {
  return audience.type === 'segment' ? { type: 'segment', segmentId: audience.segmentId } : audience;
}

/** A new draft with the same content and settings ("Copy of ..."), schedule cleared. */
export async function duplicateCampaign(db: Db, input: Command & { source: CampaignRow }): Promise<CampaignRow> {
  const { source } = input;
  return db.transaction(async (tx) => {
    const row = await insertCampaign(tx, {
      name: `Copy of ${source.name}`.slice(0, 120),
      body: source.body,
      senderId: source.senderId,
      gatewayId: source.gatewayId,
      audience: unresolved(source.audience as StoredAudience),
      timeZone: source.timeZone,
      rateLimit: source.rateLimit,
      replyWindowHours: source.replyWindowHours,
      quietHours: source.quietHours,
      validityHours: source.validityHours,
      followUpOf: source.followUpOf,
      createdBy: input.actor.id,
    });
    if (source.audience.type === 'contacts') await copyAudienceContacts(tx, source.id, row.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: 'campaign.duplicate',
      subject: 'Campaign',
      subjectId: row.id,
      ip: input.ip,
      details: { from: source.id },
    });
    return row;
  });
}

/** 400 on `body` when the text is empty or has malformed merge tags. */
export function checkBodyForSending(body: string): void {
  if (body.trim() === '') throw new ValidationError('body', 'Write the message before sending');
  const problem = parseTemplate(body).problems[0];
  if (problem) throw new ValidationError('body', `body has a malformed merge field at character ${problem.start + 1}: ${problem.message}`);
}
