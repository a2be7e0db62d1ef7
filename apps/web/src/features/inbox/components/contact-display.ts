import { intlLocale } from '../../../lib/i18n/intl-locale';
/** "First Last", or null when the contact has no name. */
export function displayName(contact: { firstName: string | null; lastName: string | null }): string | null {
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim();
  return name || null;
}

/** Short time for today, else a short date (list rows, bubbles). */
export function shortTime(value: string, language: string, now = new Date()): string {
  const date = new Date(value);
  const sameDay = date.toDateString() === now.toDateString();
  return new Intl.DateTimeFormat(
    intlLocale(language),
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  ).format(date);
}
