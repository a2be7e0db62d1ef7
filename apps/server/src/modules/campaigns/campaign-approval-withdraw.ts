import type { StoredAudience, UpdateCampaignBody } from '@sms/contracts/campaigns';
import type { Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { needsApproval } from './campaign-approval-rule.ts';
import { insertWithdrawal, latestApproval, listAudienceContactIds, readApprovalThreshold } from './campaign-approval.queries.ts';
import { transitionCampaign } from './campaign-state.ts';
import { countAudience, type CampaignRow } from './campaigns.queries.ts';

/**
 * After an edit of an approved campaign's message or audience (in the edit's transaction): the
 * approval is withdrawn, and a scheduled campaign that needs approval goes back to draft, so it
 * cannot go out as it was not approved.
 */
export async function withdrawApprovalAfterEdit(tx: Executor, input: Command & { campaign: CampaignRow }): Promise<void> {
  const { campaign } = input;
  if ((await latestApproval(tx, campaign.id))?.state !== 'approved') return;
  // A row of its own, so the history keeps who approved and shows who withdrew it by editing.
  await insertWithdrawal(tx, campaign.id, input.actor.id);
  let backToDraft = false;
  if (campaign.status === 'scheduled') {
    const { count } = await countAudience(tx, campaign.audience as StoredAudience, campaign.id);
    if (needsApproval(await readApprovalThreshold(tx), count))
      backToDraft = (await transitionCampaign(tx, campaign.id, 'draft', { from: ['scheduled'] })) !== null;
  }
  await recordAudit(tx, {
    actor: input.actor,
    action: 'campaign.approval_withdraw',
    subject: 'Campaign',
    subjectId: campaign.id,
    ip: input.ip,
    details: { name: campaign.name, reason: 'edited', backToDraft },
  });
}

/** A canonical JSON text (keys sorted, undefined left out): jsonb's own key order is not a change. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, child]) => child !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, child]) => `${JSON.stringify(key)}:${canonical(child)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Who an audience names: the segment (not the snapshot a launch keeps of it), the source campaign and tag, the filter. */
function audienceKey(audience: Record<string, unknown>): string {
  if (audience.type === 'segment') return canonical({ type: 'segment', segmentId: audience.segmentId });
  if (audience.type === 'non_responders')
    return canonical({ type: 'non_responders', campaignId: audience.campaignId, tag1: audience.tag1 ?? null });
  return canonical(audience);
}

/**
 * Whether an edit changes the message or the audience of a campaign whose approval stands (read
 * before the edit is written: an explicit list is compared with the one stored). A composer saves
 * every field each time, so an unchanged text or audience sent again is no change.
 */
export async function editChangesApproved(tx: Executor, current: CampaignRow, body: UpdateCampaignBody): Promise<boolean> {
  if (body.body === undefined && body.audience === undefined) return false;
  if ((await latestApproval(tx, current.id))?.state !== 'approved') return false;
  if (body.body !== undefined && body.body !== current.body) return true;
  const audience = body.audience;
  if (!audience) return false;
  const before = current.audience as Record<string, unknown>;
  if (audience.type !== before.type) return true;
  if (audience.type === 'contacts') {
    const stored = await listAudienceContactIds(tx, current.id);
    const next = new Set(audience.contactIds);
    return stored.length !== next.size || stored.some((id) => !next.has(id));
  }
  return audienceKey(audience) !== audienceKey(before);
}
