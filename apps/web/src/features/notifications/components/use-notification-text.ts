import type { CampaignStatusReasonView } from '@sms/contracts/campaign-status-reason';
import type { Notification } from '@sms/contracts/notifications';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { useReasonTexts } from '../../../lib/messaging/reason-text';

/** Puts a notification into words in the user's language (the server sends kinds and parameters). */
export function useNotificationText(): (notification: Notification) => string {
  const { t, i18n } = useTranslation('notifications');
  const reasons = useReasonTexts();
  return useCallback(
    (notification: Notification) => {
      const number = (value: unknown) => new Intl.NumberFormat(intlLocale(i18n.language)).format(Number(value ?? 0));
      const p = notification.params;
      switch (notification.kind) {
        case 'import_completed':
          return t('text.import_completed', {
            fileName: p.fileName,
            created: number(p.created),
            updated: number(p.updated),
            rejected: number(p.rejected),
          });
        case 'import_failed':
          return t('text.import_failed', { fileName: p.fileName });
        case 'campaign_completed':
          return t('text.campaign_completed', { name: p.name });
        case 'campaign_paused':
          return notification.reason
            ? t('text.campaign_paused_reason', {
                name: p.name,
                reason: reasons.statusReason(notification.reason as CampaignStatusReasonView),
              })
            : t('text.campaign_paused', { name: p.name });
        case 'gateway_disconnected':
          return t('text.gateway_disconnected', { name: p.name });
        case 'replies':
          return t('text.replies', { count: notification.count, name: p.name });
        case 'keyword_rule':
          return t('text.keyword_rule', { rule: p.rule, word: p.word });
        case 'campaign_approval_requested':
          return t('text.campaign_approval_requested', { name: p.name, by: p.by });
        case 'campaign_approval_rejected':
          return t('text.campaign_approval_rejected', { name: p.name, by: p.by, comment: p.comment });
        case 'campaign_approved':
          return t('text.campaign_approved', { name: p.name, by: p.by });
        case 'note_mention':
          return t('text.note_mention', { author: p.author, name: p.name });
        case 'budget_warning':
          return p.name ? t('text.budget_warning_key', { name: p.name, level: p.level }) : t('text.budget_warning', { level: p.level });
      }
    },
    [t, i18n.language, reasons],
  );
}
