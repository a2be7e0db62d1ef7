import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { IconCalendarTime, IconDeviceFloppy, IconSend, IconTestPipe, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type ComposerIntent = 'draft' | 'launch' | 'test';

export interface ComposerActionsProps {
  /** The campaign is already scheduled: saving keeps it scheduled; there is nothing to launch. */
  scheduled: boolean;
  later: boolean;
  /** The audience is over the approval rule: the button requests approval instead of sending (decision 101). */
  approval?: boolean;
  /** Why sending is not possible yet (shown, launch disabled); null when it is. */
  blocker: string | null;
  failure: string | null;
  busy: ComposerIntent | null;
  onSubmit: (intent: ComposerIntent) => void;
}

/** Save draft, test send, and send now or schedule (the last asks for confirmation first). */
export function ComposerActions({ scheduled, later, approval = false, blocker, failure, busy, onSubmit }: ComposerActionsProps) {
  const { t } = useTranslation(['campaigns', 'kanban']);
  return (
    <Stack spacing={1.5}>
      {failure ? (
        <Alert severity="error" data-testid="composer-failure">
          {failure}
        </Alert>
      ) : null}
      {blocker && !scheduled ? <Alert severity="info">{blocker}</Alert> : null}
      {scheduled ? null : (
        <Button
          variant="contained"
          size="large"
          startIcon={
            approval ? (
              <IconUserCheck size={18} aria-hidden />
            ) : later ? (
              <IconCalendarTime size={18} aria-hidden />
            ) : (
              <IconSend size={18} aria-hidden />
            )
          }
          disabled={blocker !== null || (busy !== null && busy !== 'launch')}
          loading={busy === 'launch'}
          onClick={() => onSubmit('launch')}
        >
          {approval ? t('kanban:request.button') : later ? t('composer.actions.schedule') : t('composer.actions.sendNow')}
        </Button>
      )}
      <Button
        variant={scheduled ? 'contained' : 'outlined'}
        startIcon={<IconDeviceFloppy size={18} aria-hidden />}
        loading={busy === 'draft'}
        disabled={busy !== null && busy !== 'draft'}
        onClick={() => onSubmit('draft')}
      >
        {scheduled ? t('composer.actions.saveChanges') : t('composer.actions.saveDraft')}
      </Button>
      <Button
        color="inherit"
        startIcon={<IconTestPipe size={18} aria-hidden />}
        loading={busy === 'test'}
        disabled={busy !== null && busy !== 'test'}
        onClick={() => onSubmit('test')}
      >
        {t('composer.actions.testSend')}
      </Button>
    </Stack>
  );
}
