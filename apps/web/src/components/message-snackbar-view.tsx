import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export interface MessageSnackbarViewProps {
  open: boolean;
  /** The text shown (kept through the closing transition); a new text remounts the snackbar, with its own time. */
  text: string;
  severity: AlertColor;
  onClose: () => void;
  autoHideDuration: number;
}

/** MUI's snackbar with a filled alert: what MessageSnackbar shows, loaded with its first message. */
export function MessageSnackbarView({ open, text, severity, onClose, autoHideDuration }: MessageSnackbarViewProps) {
  return (
    <Snackbar
      key={text}
      open={open}
      autoHideDuration={autoHideDuration}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert severity={severity} variant="filled" onClose={onClose} sx={{ width: '100%' }}>
        {text}
      </Alert>
    </Snackbar>
  );
}
