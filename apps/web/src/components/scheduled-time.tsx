import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../lib/i18n/intl-locale';
import { useLanguage } from '../lib/i18n/use-language';
import { browserTimeZone } from '../lib/time-zones';

/** A scheduled instant put into words: in the zone it was scheduled in, and in the viewer's when that reads differently. */
export interface OrgTime {
  /** Date and time in `zone`. */
  text: string;
  /** The IANA zone it is shown in. */
  zone: string;
  /** The same instant in the viewer's zone, or null when it reads the same there. */
  local: string | null;
}

const formatIn = (date: Date, language: string, timeZone: string, withDate: boolean) =>
  new Intl.DateTimeFormat(
    intlLocale(language),
    withDate ? { dateStyle: 'medium', timeStyle: 'short', timeZone } : { timeStyle: 'short', timeZone },
  ).format(date);

/**
 * One way to show a time the organisation schedules (decision 084): date and time in `timeZone`
 * (the campaign's, else the organisation's), with the viewer's own reading when it differs.
 * Null when there is no instant or it cannot be read. `viewerZone` is for tests.
 */
export function formatOrgTime(
  value: string | null | undefined,
  timeZone: string,
  language: string,
  options: { withDate?: boolean; viewerZone?: string | null } = {},
): OrgTime | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const withDate = options.withDate ?? true;
  let text: string;
  try {
    text = formatIn(date, language, timeZone, withDate);
  } catch {
    // A zone this browser does not know: UTC, named as such.
    return formatOrgTime(value, 'UTC', language, options);
  }
  const viewer = options.viewerZone === undefined ? browserTimeZone() : options.viewerZone;
  let local: string | null = null;
  if (viewer && viewer !== timeZone) {
    const there = formatIn(date, language, viewer, withDate);
    local = there === text ? null : there;
  }
  return { text, zone: timeZone, local };
}

/** The words of a formatted time: "Dec 13, 2026, 9:30 AM (Africa/Nairobi)" and "Your time: …". */
export function useOrgTimeText(): (time: OrgTime) => { text: string; hint: string | null } {
  const { t } = useTranslation('common');
  return (time) => ({
    text: t('scheduledTime.inZone', { time: time.text, zone: time.zone }),
    hint: time.local ? t('scheduledTime.yourTime', { time: time.local }) : null,
  });
}

export interface ScheduledTimeProps {
  value: string | null | undefined;
  /** The zone the time was scheduled in. */
  timeZone: string;
  /** Shown when there is no time. */
  fallback?: string;
  /**
   * 'inline': the time with its zone, the viewer's time below it when it differs; 'cell' (a table
   * cell): the time, its zone on a second line, the viewer's time on hover. The title has it all.
   */
  variant?: 'inline' | 'cell';
  /** Said as "Scheduled for …" (a campaign that has not started sending). */
  scheduledFor?: boolean;
}

const TIME_TAG = '<time>{{time}}</time>';
const SECONDARY = { display: 'block', color: 'text.secondary', fontWeight: 400, fontSize: '0.85em' } as const;
const ELLIPSIS = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** A scheduled time in its zone, named, with the viewer's time as a hint where it differs (decision 084). */
export function ScheduledTime({ value, timeZone, fallback = '', variant = 'inline', scheduledFor = false }: ScheduledTimeProps) {
  const { t } = useTranslation('common');
  const { language } = useLanguage();
  const words = useOrgTimeText();
  const time = formatOrgTime(value, timeZone, language);
  if (!time || !value) return <>{fallback}</>;
  const { text, hint } = words(time);
  const title = hint ? `${text} · ${hint}` : text;
  // "Scheduled for <time>{{time}}</time>" cut around its one tag by hand: react-i18next's Trans
  // (4.4 KB with its HTML parser) was the only reason the dashboard downloaded it (issue 37).
  const [before, after = ''] = t('scheduledTime.scheduledFor', { skipInterpolation: true }).split(TIME_TAG);
  if (variant === 'cell')
    return (
      <Box component="span" sx={{ display: 'block', minWidth: 0 }} title={title}>
        <Box component="time" dateTime={value} sx={ELLIPSIS} data-testid="scheduled-time">
          {time.text}
        </Box>
        <Box component="span" sx={{ ...SECONDARY, ...ELLIPSIS }} data-testid="scheduled-time-zone">
          {time.zone}
        </Box>
      </Box>
    );
  return (
    <>
      {scheduledFor ? (
        <>
          {before}
          <time dateTime={value} title={title} data-testid="scheduled-time">
            {text}
          </time>
          {after}
        </>
      ) : (
        <time dateTime={value} title={title} data-testid="scheduled-time">
          {text}
        </time>
      )}
      {hint ? (
        <Box component="span" sx={SECONDARY} data-testid="scheduled-time-local">
          {hint}
        </Box>
      ) : null}
    </>
  );
}
