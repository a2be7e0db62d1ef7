import type { AuditEntry } from '@sms/contracts/audit-log';
import type { TFunction } from 'i18next';
import { actionLabelKey } from './audit-filter-state';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** An entry's time with seconds, in the interface language. */
export function formatAuditTime(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
}

/** The action's translated label, or its raw name for an action this version does not know. */
export const actionLabel = (t: TFunction, action: string): string => t(actionLabelKey(action), { ns: 'audit', defaultValue: action });

/** The subject's translated name (policy vocabulary), or the raw name. */
export const subjectLabel = (t: TFunction, subject: string): string => t(`subjects.${subject}`, { ns: 'policy', defaultValue: subject });

/** Who did it: the copied name, else the email; entries without an actor came from the system or an unknown account. */
export function actorLabel(t: TFunction, entry: AuditEntry): string {
  if (entry.actor) return entry.actor.name ?? entry.actor.email ?? t('actor.deleted', { ns: 'audit' });
  return entry.action === 'user.login_failed' ? t('actor.unknownAccount', { ns: 'audit' }) : t('actor.system', { ns: 'audit' });
}
