import type { EmailLogEntry } from '@sms/contracts/email-log';
import { EMAIL_ERROR_NO_SMTP } from '@sms/contracts/email-log';
import { useTranslation } from 'react-i18next';

/** What the SMTP server answered (its own words, left to right), or what failed without an answer. */
export function SmtpAnswer({ entry }: { entry: Pick<EmailLogEntry, 'smtpResponse' | 'error' | 'status'> }) {
  const { t } = useTranslation('email-log');
  if (entry.error === EMAIL_ERROR_NO_SMTP) return <span>{t('answer.noSmtp')}</span>;
  const text = entry.smtpResponse ?? entry.error;
  if (!text) return <span>{entry.status === 'pending' ? t('answer.waiting') : t('answer.none')}</span>;
  return (
    <span dir="ltr" style={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
      {text}
    </span>
  );
}
