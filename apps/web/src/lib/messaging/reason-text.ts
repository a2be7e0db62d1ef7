import type { CampaignStatusReasonView } from '@sms/contracts/campaign-status-reason';
import { isMessageErrorCode } from '@sms/contracts/message-statuses';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/intl-locale';

/** Puts the server's reason codes into words (texts in the statuses namespace, which the signed-in frame loads: notifications use it too). */
export interface ReasonTexts {
  /** Why a campaign waits, paused by itself or failed. */
  statusReason(reason: CampaignStatusReasonView): string;
  /** A message's error: the engine's own codes translated, a gateway's error text as it came. */
  messageError(code: string | null, text: string | null): string;
}

/**
 * The texts in one language. A code this build does not know (a newer server) falls back to the
 * server's English sentence rather than a key.
 */
export function reasonTexts(t: TFunction, language: string): ReasonTexts {
  return {
    statusReason(reason) {
      const values: Record<string, unknown> = { ...reason.params };
      if (reason.code === 'AUTO_PAUSED_ERRORS') {
        values.errors = new Intl.NumberFormat(intlLocale(language)).format(reason.params.errors);
        values.lastError = reason.params.lastError ?? t('statuses:statusReasonUnknownError');
      }
      // The status a hold paused the campaign from, in the reader's words (decision 072).
      if (reason.code === 'RESTORED' || reason.code === 'SENDING_HELD') values.previous = t(`statuses:campaign.${reason.params.previous}`);
      return t(`statuses:statusReason.${reason.code}`, { ...values, defaultValue: reason.message });
    },
    messageError(code, text) {
      if (!code || !isMessageErrorCode(code)) return text ?? '';
      return t(`statuses:messageErrors.${code}`, { detail: text ?? '', defaultValue: text ?? code });
    },
  };
}

/** `reasonTexts` in the interface language. */
export function useReasonTexts(): ReasonTexts {
  const { t, i18n } = useTranslation('statuses');
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => reasonTexts(t, language), [t, language]);
}
