import { statusReasonView, type CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import type { Notification, NotificationKind } from '@sms/contracts/notifications';
import type { NotificationRow } from './notifications.queries.ts';

const iso = (value: Date | string) => new Date(value).toISOString();

/** A notification row as the API shows it (the pause reason with its English sentence). */
export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    subjectId: row.subjectId,
    params: row.params,
    reason: statusReasonView(row.reason as CampaignStatusReason | null),
    count: row.count,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    readAt: row.readAt ? iso(row.readAt) : null,
  };
}
