import type { TFunction } from 'i18next';

/** A number of seconds as the report shows it: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(seconds: number, t: TFunction<'tickets'>): string {
  if (seconds < 60) return t('duration.seconds', { n: Math.round(seconds) });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('duration.minutes', { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('duration.hours', { n: hours, minutes: minutes % 60 });
  return t('duration.days', { n: Math.floor(hours / 24), hours: hours % 24 });
}
