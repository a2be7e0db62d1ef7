import { statusReasonMessage, type CampaignStatusReason } from '@sms/contracts/campaign-status-reason';
import { notificationPath, type NotificationKind } from '@sms/contracts/notifications';

interface MailSource {
  kind: string;
  subjectId: string | null;
  params: Record<string, string | number | null>;
  reason: CampaignStatusReason | null;
  count: number;
  name: string;
}

const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The one-line summary of a notification in English (e-mails; the web app translates its own). */
export function notificationSummary(row: Omit<MailSource, 'name'>): string {
  const p = row.params;
  switch (row.kind as NotificationKind) {
    case 'import_completed':
      return `Import of ${text(p.fileName)} finished: ${text(p.created)} created, ${text(p.updated)} updated, ${text(p.rejected)} rejected`;
    case 'import_failed':
      return `Import of ${text(p.fileName)} failed${p.error ? `: ${text(p.error)}` : ''}`;
    case 'campaign_completed':
      return `Campaign ${text(p.name)} completed`;
    case 'campaign_paused':
      return `Campaign ${text(p.name)} paused itself${row.reason ? `: ${statusReasonMessage(row.reason)}` : ''}`;
    case 'gateway_disconnected':
      return `Gateway ${text(p.name)} has been disconnected for more than a minute${p.reason ? ` (${text(p.reason)})` : ''}`;
    case 'replies':
      return `${row.count} new ${row.count === 1 ? 'reply' : 'replies'} to ${text(p.name)}`;
    default:
      return 'Something happened';
  }
}

/**
 * A notification as an e-mail (English, like the server's other operational texts), with a link
 * to the page concerned when the public address is known.
 */
export function notificationMail(row: MailSource, publicAddress: string | null): { subject: string; text: string } {
  const summary = notificationSummary(row);
  const path = notificationPath(row.kind as NotificationKind, row.subjectId);
  const link = publicAddress ? `${publicAddress.replace(/\/+$/, '')}${path}` : path;
  return {
    subject: summary,
    text: `Hello ${row.name},\n\n${summary}.\n\n${link}\n\nYou receive this because of your notification settings (account settings, notifications).\n`,
  };
}
