import type { AlertColor } from '@mui/material/Alert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { lazyPage } from '../lib/lazy-page';
import { OnceOpened } from './once-opened';

/** MUI's snackbar downloads with the first message: most pages that can show one never do (2.3 KB). */
const MessageSnackbarView = lazyPage(async () => ({ default: (await import('./message-snackbar-view')).MessageSnackbarView }));

export interface MessageSnackbarProps {
  /** The text to show; null hides the snackbar. */
  message: string | null;
  severity?: AlertColor;
  onClose: () => void;
  autoHideDuration?: number;
}

/**
 * A message at the bottom of the screen that closes itself (a click elsewhere does not close it).
 * A new message gets its own full time: MUI's timer runs from the opening, so a text that replaced
 * another while open used to close with the first one's time (after an upload's "removed", the
 * brand's "back to its defaults" could vanish at once). The shown text stays through the closing
 * transition. Its code downloads with the first message.
 */
export function MessageSnackbar({ message, severity = 'success', onClose, autoHideDuration = 5000 }: MessageSnackbarProps) {
  const [shown, setShown] = useState(message);
  if (message !== null && message !== shown) setShown(message);
  return (
    <OnceOpened open={message !== null}>
      <MessageSnackbarView
        open={message !== null}
        text={shown ?? ''}
        severity={severity}
        onClose={onClose}
        autoHideDuration={autoHideDuration}
      />
    </OnceOpened>
  );
}

/** The notice a navigation carried (`navigate(to, { state: { notice: 'created' } })`), if any. */
function noticeOf(state: unknown): string | null {
  return state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
}

/**
 * Shows the success notice passed in the navigation state once (the text is `notices.<notice>` in
 * the namespace `ns`), then clears it from history so Back or a reload does not show it again.
 */
export function NoticeSnackbar({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  const close = () => void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  return <MessageSnackbar message={notice ? t(`notices.${notice}`) : null} onClose={close} />;
}

/** Announces a notice on the page shown (e.g. after deleting a row of a list), for its `NoticeSnackbar`. */
export function useShowNoticeHere(): (notice: string) => void {
  const location = useLocation();
  const navigate = useNavigate();
  return (notice) =>
    void navigate({ pathname: location.pathname, search: location.search }, { replace: true, preventScrollReset: true, state: { notice } });
}
