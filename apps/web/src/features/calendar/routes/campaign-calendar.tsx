import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Snackbar from '@mui/material/Snackbar';
import { useTheme, type Theme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { localDate } from '@sms/contracts/calendar-dates';
import { CAMPAIGN_STATUSES } from '@sms/contracts/campaigns';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { statusColors } from '../../../components/campaign-status-tone';
import { paletteColor } from '../../../components/palette-color';
import { PageContainer } from '../../../components/page-container';
import { formatOrgTime } from '../../../components/scheduled-time';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useAbility } from '../../../lib/permissions/use-ability';
import { browserTimeZone } from '../../../lib/time-zones';
import { useCalendar } from '../../../api/campaigns/get-calendar';
import { CalendarGrid } from '../components/calendar-grid';
import {
  calendarStateToParams,
  entriesByDate,
  parseCalendarState,
  stepDate,
  visibleRange,
  visibleWeeks,
  weekStartFor,
  type CalendarEntry,
  type CalendarState,
  type CalendarView,
} from '../components/calendar-model';
import { MoveDialog, type MoveRequest } from '../components/move-dialog';
import { intlLocale } from '../../../lib/i18n/intl-locale';

const LEGEND = CAMPAIGN_STATUSES.filter((status) => status !== 'draft');

/** /apps/calendar: scheduled and sent campaigns by day (month or week) in the organisation's time zone; drag or "Move to date…" to reschedule. */
export default function CampaignCalendar() {
  const { t } = useTranslation(['calendar', 'statuses']);
  const { language } = useLanguage();
  const theme = useTheme();
  const ability = useAbility();
  const canMove = ability.can('update', 'Campaign');
  const viewerZone = useMemo(() => browserTimeZone() ?? 'UTC', []);
  // Days are the organisation's (decision 084): its zone comes with the first answer; until then
  // the viewer's stands in, and a different zone asks again for the days it covers.
  const [orgZone, setOrgZone] = useState<string | null>(null);
  const timeZone = orgZone ?? viewerZone;
  const today = localDate(new Date(), timeZone);
  const [searchParams, setSearchParams] = useSearchParams();
  const state = parseCalendarState(searchParams, today);
  const weekStartsOn = weekStartFor(language);
  // The state object is new each render: memoise on its fields.
  const { view, date } = state;
  const weeks = useMemo(() => visibleWeeks({ view, date }, weekStartsOn), [view, date, weekStartsOn]);
  const { from, to } = visibleRange(weeks, timeZone);
  const { data, error, isFetching } = useCalendar(from, to);
  const answeredZone = data?.timeZone;
  useEffect(() => {
    if (answeredZone) setOrgZone(answeredZone);
  }, [answeredZone]);
  const entries = useMemo(() => entriesByDate(data?.data ?? [], data?.timeZone ?? timeZone), [data, timeZone]);
  const [move, setMove] = useState<MoveRequest | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const go = (next: CalendarState) => setSearchParams(calendarStateToParams(next, today), { preventScrollReset: true });

  const formatDay = useCallback(
    (date: string, style: 'weekday' | 'day' | 'full') => {
      const options: Intl.DateTimeFormatOptions =
        style === 'weekday' ? { weekday: 'short' } : style === 'day' ? { day: 'numeric' } : { dateStyle: 'full' };
      return new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    },
    [language],
  );
  const formatTime = useCallback(
    (instant: string) => formatOrgTime(instant, timeZone, language, { withDate: false, viewerZone: null })?.text ?? '',
    [language, timeZone],
  );
  const formatWhen = useCallback(
    (instant: Date | string) =>
      new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(instant)),
    [language, timeZone],
  );

  const first = weeks[0]?.[0] ?? state.date;
  const last = weeks.at(-1)?.at(-1) ?? state.date;
  const heading =
    state.view === 'month'
      ? new Intl.DateTimeFormat(intlLocale(language), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${state.date.slice(0, 7)}-15T12:00:00Z`),
        )
      : new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).formatRange(
          new Date(`${first}T12:00:00Z`),
          new Date(`${last}T12:00:00Z`),
        );
  const rtl = theme.direction === 'rtl';
  const Previous = rtl ? IconChevronRight : IconChevronLeft;
  const Next = rtl ? IconChevronLeft : IconChevronRight;

  return (
    <PageContainer
      title={t('title')}
      description={
        timeZone === viewerZone
          ? t('description', { zone: timeZone })
          : `${t('description', { zone: timeZone })} ${t('yourZone', { zone: viewerZone })}`
      }
    >
      <Card>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <IconButton
              aria-label={t(`nav.previous.${state.view}`)}
              onClick={() => go({ ...state, date: stepDate(state, -1) })}
              data-testid="calendar-previous"
            >
              <Previous size={20} />
            </IconButton>
            <Button variant="outlined" size="small" onClick={() => go({ ...state, date: today })}>
              {t('nav.today')}
            </Button>
            <IconButton
              aria-label={t(`nav.next.${state.view}`)}
              onClick={() => go({ ...state, date: stepDate(state, 1) })}
              data-testid="calendar-next"
            >
              <Next size={20} />
            </IconButton>
            <Typography variant="h5" component="h2" sx={{ flex: 1, minWidth: 180 }} aria-live="polite" data-testid="calendar-heading">
              {heading}
            </Typography>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={state.view}
              onChange={(_, view: CalendarView | null) => view && go({ ...state, view })}
              aria-label={t('views.label')}
            >
              <ToggleButton value="month">{t('views.month')}</ToggleButton>
              <ToggleButton value="week">{t('views.week')}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
          <Box
            component="ul"
            aria-label={t('legend')}
            sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 2 }}
          >
            {LEGEND.map((status) => {
              const colors = statusColors(status);
              return (
                <li key={status}>
                  <Chip
                    size="small"
                    label={t(`statuses:campaign.${status}`)}
                    sx={{
                      bgcolor: colors.bgcolor,
                      color: colors.color,
                      fontWeight: 600,
                      borderInlineStartWidth: 3,
                      borderInlineStartStyle: 'solid',
                      borderInlineStartColor: (theme: Theme) => paletteColor(theme, colors.accent),
                    }}
                  />
                </li>
              );
            })}
          </Box>
          {canMove ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('moveHint')}
            </Typography>
          ) : null}
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {errorMessage(error)}
            </Alert>
          ) : null}
          {data?.truncated ? (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('truncated')}
            </Alert>
          ) : null}
          <Box sx={{ height: 4, mb: 1 }}>{isFetching ? <LinearProgress aria-label={t('loading')} /> : null}</Box>
          <Box sx={{ overflowX: 'auto' }}>
            <Box sx={{ minWidth: 720 }}>
              <CalendarGrid
                view={state.view}
                weeks={weeks}
                month={state.date.slice(0, 7)}
                today={today}
                entries={entries}
                canMove={canMove}
                formatDay={formatDay}
                formatTime={formatTime}
                onMove={(entry: CalendarEntry, toDate?: string) => setMove({ entry, toDate })}
              />
            </Box>
          </Box>
        </CardContent>
      </Card>
      <MoveDialog
        request={move}
        formatWhen={formatWhen}
        onClose={() => setMove(null)}
        onMoved={(name) => setNotice(t('move.done', { name }))}
      />
      <Snackbar open={notice !== null} autoHideDuration={5000} onClose={() => setNotice(null)} message={notice ?? ''} />
    </PageContainer>
  );
}
