import Alert from '@mui/material/Alert';
import { DateField } from '../../../components/date-field/date-field';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { isCalendarDate } from '@sms/contracts/calendar-dates';
import { CAMPAIGN_ERROR_CODES } from '@sms/contracts/campaigns';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api-error';
import { useRescheduleCampaign } from '../../../api/campaigns/update-campaign';
import { moveSchedule, type CalendarEntry } from './calendar-model';

export interface MoveRequest {
  entry: CalendarEntry;
  /** The day it was dropped on; undefined when opened from the menu (the date is then chosen here). */
  toDate?: string;
}

export interface MoveDialogProps {
  request: MoveRequest | null;
  /** Formats an instant as date and time in the viewer's zone and language. */
  formatWhen: (instant: Date | string) => string;
  onClose: () => void;
  onMoved: (name: string) => void;
}

/** Confirms a move (from a drop or from "Move to date…"); shows the API's refusal, such as a schedule in the past. */
export function MoveDialog({ request, formatWhen, onClose, onMoved }: MoveDialogProps) {
  const { t } = useTranslation('calendar');
  const titleId = useId();
  const mutation = useRescheduleCampaign();
  const [date, setDate] = useState('');
  const { reset } = mutation;

  useEffect(() => {
    if (request) {
      setDate(request.toDate ?? request.entry.date);
      reset();
    }
  }, [request, reset]);

  if (!request) return null;
  const { entry } = request;
  const target = isCalendarDate(date) ? moveSchedule(entry.campaign, entry.date, date) : null;
  const failure = mutation.error ? toApiError(mutation.error) : null;
  const failureText = failure ? (failure.code === CAMPAIGN_ERROR_CODES.scheduleInPast ? t('move.inPast') : failure.detail) : null;

  const confirm = () => {
    if (!target) return;
    mutation.mutate(
      { id: entry.campaign.id, scheduledLocal: target.scheduledLocal, timeZone: target.timeZone },
      {
        onSuccess: () => {
          onMoved(entry.campaign.name);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={mutation.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
      data-testid="move-dialog"
    >
      <DialogTitle id={titleId}>{t('move.title', { name: entry.campaign.name })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('move.current', { when: formatWhen(entry.at) })}</DialogContentText>
        <DateField
          size="medium"
          label={t('move.date')}
          testId="move-date"
          value={date}
          onChange={setDate}
          fullWidth
          helperText={target ? t('move.newTime', { when: formatWhen(target.at), zone: target.timeZone }) : t('move.pickDay')}
        />
        {failureText ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {failureText}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          {t('move.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={confirm}
          disabled={!target || mutation.isPending}
          startIcon={mutation.isPending ? <CircularProgress size={16} /> : undefined}
        >
          {t('move.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
