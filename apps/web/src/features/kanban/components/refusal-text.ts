import type { BoardColumn } from '@sms/contracts/campaign-approval';
import type { CampaignStatus } from '@sms/contracts/campaigns';
import type { TFunction } from 'i18next';
import { toApiError } from '../../../lib/api-error';

/** Codes whose reason the board says in its own words; any other refusal shows the server's text. */
const KNOWN = new Set([
  'CAMPAIGN_NO_SCHEDULE',
  'CAMPAIGN_OWN_APPROVAL',
  'EMPTY_AUDIENCE',
  'GATEWAY_UNAVAILABLE',
  'SCHEDULE_IN_PAST',
  'SENDING_HELD',
  'FORBIDDEN',
]);

/**
 * Why a move was refused, in the user's language: the server answers codes (decision 035), and
 * the board knows where the card came from and where it was dropped.
 */
export function refusalText(
  t: TFunction<['kanban', 'statuses']>,
  error: unknown,
  move: { from: CampaignStatus; to: BoardColumn; threshold: number | null },
): string {
  const failure = toApiError(error);
  const code = failure.code ?? '';
  const names = { name: '', from: t(`statuses:campaign.${move.from}`), to: t(`columns.${move.to}`) };
  if (code === 'CAMPAIGN_STATE') return t('refused.CAMPAIGN_STATE', names);
  if (code === 'CAMPAIGN_APPROVAL_REQUIRED')
    return move.threshold === null
      ? t('refused.approvalRequiredNoRule')
      : t('refused.CAMPAIGN_APPROVAL_REQUIRED', { count: move.threshold });
  if (code === 'VALIDATION_ERROR' && failure.field === 'body') return t('refused.noMessage');
  if (KNOWN.has(code)) return t(`refused.${code}`);
  return failure.detail;
}
