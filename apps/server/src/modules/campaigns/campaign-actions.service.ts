import { CAMPAIGN_ERROR_CODES, type CampaignStatus, type StoredAudience, type TestSendBody } from '@sms/contracts/campaigns';
import { renderTemplate } from '@sms/contracts/message-template';
import { normalisePhone } from '@sms/contracts/phone';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { NotFound, Unprocessable, ValidationError } from '../../platform/errors.ts';
import { findContactById, findContactByPhone } from '../contacts/index.ts';
import { findDefaultGateway, findGateway } from '../gateways/index.ts';
import { cancelQueuedMessages, findOutboundMessage } from '../messages/index.ts';
import { getMessagingSettings } from '../settings/index.ts';
import { refuseOverBudget } from '../usage/index.ts';
import { approvalRequired, refuseWithoutApproval } from './campaign-approval-rule.ts';
import { closeApproval, readApprovalThreshold } from './campaign-approval.queries.ts';
import { illegalTransition, transitionCampaign } from './campaign-state.ts';
import { countAudience, findCampaignRow, type CampaignRow } from './campaigns.queries.ts';
import { checkBodyForSending } from './campaigns.service.ts';
import { refuseWhileHeld } from './sending-hold.ts';

/** Tells the in-process dispatcher (if any) that there is work; workers elsewhere poll. */
export type WakeDispatcher = () => void;

/** The gateway a campaign sends through: its own, else the default; 422 when it cannot be used. */
async function resolveGateway(db: Db, gatewayId: string | null) {
  const gateway = gatewayId ? await findGateway(db, gatewayId) : await findDefaultGateway(db);
  if (!gateway)
    throw new Unprocessable(
      gatewayId ? 'The chosen gateway no longer exists' : 'No default gateway is configured',
      CAMPAIGN_ERROR_CODES.gatewayUnavailable,
      'gatewayId',
    );
  if (!gateway.enabled)
    throw new Unprocessable(`The gateway ${gateway.name} is disabled`, CAMPAIGN_ERROR_CODES.gatewayUnavailable, 'gatewayId');
  return gateway;
}

/** What a launch checked: the gateway it sends through, the recipients and the status it goes to. */
export interface LaunchPlan {
  gatewayId: string;
  recipients: number;
  to: CampaignStatus;
}

/**
 * The launch's checks, shared by a launch and an approval (decision 101): no sending hold, the
 * text, the gateway, an audience that reaches someone and a schedule not in the past.
 */
export async function planLaunch(db: Db, campaign: CampaignRow): Promise<LaunchPlan> {
  await refuseWhileHeld(db);
  await refuseOverBudget(db);
  checkBodyForSending(campaign.body);
  const gateway = await resolveGateway(db, campaign.gatewayId);
  const { count } = await countAudience(db, campaign.audience as StoredAudience, campaign.id);
  if (count === 0) throw new Unprocessable('The audience has no active contacts', CAMPAIGN_ERROR_CODES.emptyAudience, 'audience');
  const scheduled = campaign.scheduledAt !== null;
  if (scheduled && (campaign.scheduledAt?.getTime() ?? 0) <= Date.now()) {
    throw new Unprocessable(
      'The schedule is in the past: choose a later time or send now',
      CAMPAIGN_ERROR_CODES.scheduleInPast,
      'scheduledLocal',
    );
  }
  return { gatewayId: gateway.id, recipients: count, to: scheduled ? 'scheduled' : 'sending' };
}

/** Moves a checked campaign from `from` to the plan's status and audits the launch, in `tx`. */
export async function recordLaunch(
  tx: Executor,
  input: Command & { campaign: CampaignRow; plan: LaunchPlan; from: CampaignStatus },
): Promise<void> {
  const { campaign, plan } = input;
  const moved = await transitionCampaign(tx, campaign.id, plan.to, { from: [input.from], gatewayId: plan.gatewayId });
  if (!moved) throw illegalTransition((await findCampaignRow(tx, campaign.id))?.status ?? input.from, plan.to);
  await recordAudit(tx, {
    actor: input.actor,
    action: 'campaign.launch',
    subject: 'Campaign',
    subjectId: campaign.id,
    ip: input.ip,
    details: {
      name: campaign.name,
      recipients: plan.recipients,
      gatewayId: plan.gatewayId,
      scheduledAt: campaign.scheduledAt?.toISOString() ?? null,
    },
  });
}

/**
 * Launches a draft: sends now, or schedules it when it has a future schedule. Checks the text,
 * the gateway and that the audience reaches someone, and refuses a campaign that needs approval
 * and has none (decision 101). The recipients are materialised by the dispatcher right after
 * (fan-out), so this answers at once whatever the audience size.
 */
export async function launchCampaign(db: Db, input: Command & { id: string; wake: WakeDispatcher }): Promise<CampaignStatus> {
  const campaign = await findCampaignRow(db, input.id);
  if (!campaign) throw new NotFound('Campaign not found');
  if (campaign.status === 'in_review') throw approvalRequired(await readApprovalThreshold(db));
  if (campaign.status !== 'draft') throw illegalTransition(campaign.status, campaign.scheduledAt ? 'scheduled' : 'sending');
  const plan = await planLaunch(db, campaign);
  await refuseWithoutApproval(db, campaign.id, plan.recipients);
  await db.transaction((tx) => recordLaunch(tx, { actor: input.actor, ip: input.ip, campaign, plan, from: 'draft' }));
  input.wake();
  return plan.to;
}

/** Pause, resume or cancel, with the state machine's 409 when the move is not allowed. */
export async function changeCampaignState(
  db: Db,
  input: Command & { target: CampaignRow; action: 'pause' | 'resume' | 'cancel'; wake: WakeDispatcher },
): Promise<void> {
  const to: CampaignStatus = input.action === 'pause' ? 'paused' : input.action === 'resume' ? 'sending' : 'cancelled';
  const from: CampaignStatus[] =
    input.action === 'pause'
      ? ['sending']
      : input.action === 'resume'
        ? ['paused']
        : ['draft', 'scheduled', 'sending', 'paused', 'in_review'];
  if (to === 'sending') {
    await refuseWhileHeld(db);
    // A campaign paused by a reached budget goes on once an administrator raised the cap (decision 109).
    await refuseOverBudget(db);
  }
  await db.transaction(async (tx) => {
    const moved = await transitionCampaign(tx, input.target.id, to, { from });
    if (!moved) throw illegalTransition((await findCampaignRow(tx, input.target.id))?.status ?? input.target.status, to);
    const cancelled = to === 'cancelled' ? await cancelQueuedMessages(tx, input.target.id) : 0;
    // A campaign cancelled while in review takes its request with it.
    if (moved.previous === 'in_review') await closeApproval(tx, input.target.id, 'pending', 'withdrawn', input.actor.id);
    await recordAudit(tx, {
      actor: input.actor,
      action: `campaign.${input.action}`,
      subject: 'Campaign',
      subjectId: input.target.id,
      ip: input.ip,
      details: { name: input.target.name, from: moved.previous, ...(to === 'cancelled' ? { messagesCancelled: cancelled } : {}) },
    });
  });
  if (to === 'sending') input.wake();
}

/**
 * Queues the campaign's text, with merge fields filled from a contact (the chosen one, else the
 * contact holding that number, else the fallbacks), to one number through the campaign's gateway.
 * Answers the message as queued, read before the dispatcher is woken: it may send it within
 * milliseconds, and the answer would then depend on which came first (a loaded PostgreSQL run
 * answered 'sent').
 */
export async function testSend(db: Db, input: Command & { target: CampaignRow; body: TestSendBody; wake: WakeDispatcher }) {
  const { target, body } = input;
  const country = body.defaultCountry ?? (await getMessagingSettings(db)).defaultCountry ?? undefined;
  const phone = normalisePhone(body.phone, country);
  if (!phone.ok) throw new ValidationError('phone', phone.message);
  checkBodyForSending(target.body);
  const gateway = await resolveGateway(db, target.gatewayId);
  const contact = body.contactId ? await findContactById(db, body.contactId) : await findContactByPhone(db, phone.e164);
  if (body.contactId && !contact) throw new ValidationError('contactId', 'contactId names a contact that does not exist');
  const holder = contact?.phone === phone.e164 ? contact : await findContactByPhone(db, phone.e164);
  if (holder?.status === 'opted_out') throw new Unprocessable('This number has opted out of messages', 'OPTED_OUT', 'phone');
  const text = renderTemplate(target.body, contact ?? {});
  if (text.trim() === '') throw new ValidationError('body', 'The message is empty once merge fields are filled');
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`insert into messages (kind, contact_id, gateway_id, phone, sender_id, body, created_by)
        values ('test', ${holder?.id ?? null}, ${gateway.id}, ${phone.e164}, ${target.senderId}, ${text}, ${input.actor.id}) returning id`,
  );
  const id = String(row?.id);
  await recordAudit(db, {
    actor: input.actor,
    action: 'campaign.test_send',
    subject: 'Campaign',
    subjectId: target.id,
    ip: input.ip,
    details: { phone: phone.e164, messageId: id },
  });
  const queued = await findOutboundMessage(db, id);
  if (!queued) throw new Error('test message vanished');
  input.wake();
  return queued;
}
