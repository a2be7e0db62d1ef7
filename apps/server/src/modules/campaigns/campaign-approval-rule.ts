import { APPROVAL_ERROR_CODES } from '@sms/contracts/campaign-approval';
import type { Executor } from '../../db/client.ts';
import { AppError, Conflict } from '../../platform/errors.ts';
import { latestApproval, readApprovalThreshold } from './campaign-approval.queries.ts';

/** Whether a campaign to `recipients` people needs approval under the rule (null threshold: off). */
export const needsApproval = (threshold: number | null, recipients: number): boolean => threshold !== null && recipients > threshold;

/** The 409 of a launch that needs approval first. */
export function approvalRequired(threshold: number | null): Conflict {
  const rule = threshold === null ? '' : ` to more than ${threshold} recipients`;
  return new Conflict(`Campaigns${rule} need approval by a manager or administrator other than their author: request approval instead`, {
    code: APPROVAL_ERROR_CODES.required,
  });
}

/** The 403 when someone would decide on a campaign they wrote or sent for approval. */
export const ownApproval = (): AppError =>
  new AppError(
    403,
    'You cannot approve or reject a campaign you wrote or sent for approval: ask another manager or administrator',
    APPROVAL_ERROR_CODES.ownApproval,
  );

/**
 * Refuses the launch of a campaign that needs approval (its audience is over the rule) unless its
 * latest request was approved and not withdrawn since (an edit of its message or audience withdraws it).
 */
export async function refuseWithoutApproval(db: Executor, campaignId: string, recipients: number): Promise<void> {
  const threshold = await readApprovalThreshold(db);
  if (!needsApproval(threshold, recipients)) return;
  if ((await latestApproval(db, campaignId))?.state !== 'approved') throw approvalRequired(threshold);
}
