import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** What a page can announce after navigating here: `navigate(to, { state: { notice: 'created' } })`. */
export type Notice = 'created' | 'updated' | 'deleted' | 'duplicated' | 'launched' | 'scheduled';

/** Shows the success message passed in the navigation state once, then clears it from history. */
export function NoticeSnackbar() {
  const { t } = useTranslation('campaigns');
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const notice = state && typeof state === 'object' && 'notice' in state ? (state.notice as Notice) : null;
  const close = () => void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  return (
    <Snackbar open={notice !== null} autoHideDuration={5000} onClose={(_event, reason) => reason !== 'clickaway' && close()} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity="success" variant="filled" onClose={close} sx={{ width: '100%' }}>
        {notice ? t(`notices.${notice}`) : ''}
      </Alert>
    </Snackbar>
  );
}
