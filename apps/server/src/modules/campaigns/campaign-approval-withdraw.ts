import type { StoredAudience } from '@sms/contracts/campaigns';
import type { Executor } from '../../db/client.ts';
import { recordAudit, type Command } from '../../platform/audit.ts';
import { needsApproval } from './campaign-approval-rule.ts';
import { insertWithdrawal, latestApproval, readApprovalThreshold } from './campaign-approval.queries.ts';
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
