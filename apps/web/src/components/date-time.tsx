import { useLanguage } from '../lib/i18n/use-language';
import { intlLocale } from '../lib/i18n/intl-locale';
import { useHydrated } from '../lib/server-rendering/use-hydrated';

/** A timestamp as date and time (or the date alone) in `language`; null when there is none or it cannot be read. */
export function formatDateTime(value: string | null | undefined, language: string, withTime = true, timeZone?: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(
    intlLocale(language),
    withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeZone },
  ).format(date);
}

/**
 * A compact timestamp for table cells: month, day and time ("Nov 27, 2:57 PM"), with the year only
 * when it is not this year's; the cell's title carries the full form (`formatDateTime`).
 */
export function formatShortDateTime(value: string | null | undefined, language: string, now = new Date()): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' as const };
  return new Intl.DateTimeFormat(intlLocale(language), {
    month: 'short',
    day: 'numeric',
    ...year,
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/** `<time>` with the date and time in the interface language; `fallback` (e.g. "Never") when empty. */
export function DateTime({ value, fallback }: { value: string | null | undefined; fallback: string }) {
  const { language } = useLanguage();
  // A page the server rendered shows UTC until hydrated (the server cannot know the visitor's zone), then the visitor's time.
  const hydrated = useHydrated();
  const text = formatDateTime(value, language, true, hydrated ? undefined : 'UTC');
  return text && value ? <time dateTime={value}>{text}</time> : <>{fallback}</>;
}

/** A grid cell's timestamp: compact (`formatShortDateTime`), the full date and time on hover; nothing when empty. */
export function ShortDateTime({ value }: { value: string | null | undefined }) {
  const { language } = useLanguage();
  const text = formatShortDateTime(value, language);
  return text && value ? (
    <time dateTime={value} title={formatDateTime(value, language) ?? undefined}>
      {text}
    </time>
  ) : null;
}
