import { useLanguage } from '../lib/i18n/use-language';

/** A timestamp as date and time (or the date alone) in `language`; null when there is none or it cannot be read. */
export function formatDateTime(value: string | null | undefined, language: string, withTime = true): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' }).format(date);
}

/** `<time>` with the date and time in the interface language; `fallback` (e.g. "Never") when empty. */
export function DateTime({ value, fallback }: { value: string | null | undefined; fallback: string }) {
  const { language } = useLanguage();
  const text = formatDateTime(value, language);
  return text && value ? <time dateTime={value}>{text}</time> : <>{fallback}</>;
}
