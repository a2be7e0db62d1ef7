import { useApprovalRule } from '../../../../api/campaigns/approval-rule';
import { useAbility } from '../../../../lib/permissions/use-ability';

/**
 * Whether launching this audience needs a second person's approval (decision 101): the admin's
 * rule says campaigns to more than N recipients do. The server decides in the end (409
 * CAMPAIGN_APPROVAL_REQUIRED); this only turns "Send" into "Request approval" beforehand.
 */
export function useApprovalNeeded(recipients: number | null | undefined): boolean {
  const ability = useAbility();
  const rule = useApprovalRule(ability.can('read', 'Settings'));
  const threshold = rule.data?.threshold ?? null;
  return threshold !== null && (recipients ?? 0) > threshold;
}
