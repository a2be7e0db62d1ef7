import { maskPhone } from '@sms/contracts/phone-mask';
import type { CampaignCounts } from '@sms/contracts/campaigns';
import { handedOver } from '@sms/contracts/messages';
import { replyFigures } from '@sms/contracts/reply-figures';
import {
  percent,
  type NonResponder,
  type ReportCampaignHeader,
  type ReportCampaignRow,
  type ReportRecipient,
} from '@sms/contracts/reports';
import type { CampaignRow } from '../campaigns/index.ts';
import type { RecipientRow, ReportCampaignBase } from './reports.queries.ts';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The contact's name as the reports show it ('' when the contact has none or was deleted). */
export const recipientName = (row: Pick<RecipientRow, 'firstName' | 'lastName'>) => [row.firstName, row.lastName].filter(Boolean).join(' ');

/** Never reached the phone: failed + undelivered. */
export const failedCount = (counts: CampaignCounts) => counts.failed + counts.undelivered;

export function presentHeader(campaign: CampaignRow): ReportCampaignHeader {
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    body: campaign.body,
    replyWindowHours: campaign.replyWindowHours,
    launchedAt: iso(campaign.launchedAt),
    completedAt: iso(campaign.completedAt),
  };
}

/** A campaign's headline figures as the campaigns report shows them: the counters, with percentages of the recipients; reply figures by their one definition. */
export function campaignFigures(counts: CampaignCounts) {
  const figures = replyFigures(counts);
  return {
    recipients: figures.recipients,
    sent: handedOver(counts),
    delivered: counts.delivered,
    failed: failedCount(counts),
    replied: figures.replied,
    notReplied: figures.notReplied,
    optedOut: figures.optedOut,
    deliveredPct: percent(counts.delivered, counts.total),
    repliedPct: figures.responseRate,
  } satisfies Partial<ReportCampaignRow>;
}

/** A campaigns-report row: the campaign and its figures (campaignFigures). */
export function presentCampaignRow(campaign: ReportCampaignBase, counts: CampaignCounts): ReportCampaignRow {
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    ...campaignFigures(counts),
    launchedAt: iso(campaign.launchedAt),
    completedAt: iso(campaign.completedAt),
    createdAt: campaign.createdAt.toISOString(),
  };
}

/** Rows with their phone numbers masked (+44 79** ***456), for readers without `readPhone Report`. */
export const withMaskedPhones = <T extends { phone: string }>(rows: T[]): T[] =>
  rows.map((row) => ({ ...row, phone: maskPhone(row.phone) }));

export function presentRecipient(row: RecipientRow): ReportRecipient {
  return {
    messageId: row.messageId,
    contactId: row.contactId,
    name: recipientName(row),
    phone: row.phone,
    tag1: row.tag1,
    status: row.status,
    errorCode: row.errorCode,
    errorText: row.errorText,
    sentAt: row.sentAt,
    deliveredAt: row.deliveredAt,
    repliedAt: row.repliedAt,
    replyText: row.replyText,
    replyWord: row.replyWord,
  };
}

/** When a recipient's reply window closes (ISO): sent_at + the campaign's window. */
export const windowEndsAt = (sentAt: string | null, replyWindowHours: number) =>
  sentAt ? new Date(Date.parse(sentAt) + replyWindowHours * 3_600_000).toISOString() : null;

export function presentNonResponder(row: RecipientRow, replyWindowHours: number): NonResponder {
  return {
    messageId: row.messageId,
    contactId: row.contactId,
    name: recipientName(row),
    phone: row.phone,
    tag1: row.tag1,
    status: row.status,
    sentAt: row.sentAt,
    deliveredAt: row.deliveredAt,
    windowEndsAt: windowEndsAt(row.sentAt, replyWindowHours),
    optedOut: row.contactOptedOut,
  };
}
