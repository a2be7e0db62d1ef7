import Chip from '@mui/material/Chip';
import type { ImportStatus } from '@sms/contracts/imports';
import { useTranslation } from 'react-i18next';

type Tone = 'primary' | 'info' | 'success' | 'error' | 'warning' | 'neutral';
const TONE: Record<ImportStatus, Tone> = {
  uploaded: 'neutral',
  queued: 'info',
  running: 'primary',
  completed: 'success',
  failed: 'error',
  cancelled: 'warning',
  expired: 'neutral',
};

/** An import's status as a tinted chip (readable shades in both modes). */
export function ImportStatusChip({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('imports');
  const tone = TONE[status];
  const sx =
    tone === 'neutral'
      ? { bgcolor: 'grey.100', color: 'text.secondary', fontWeight: 600 }
      : { bgcolor: `${tone}.light`, color: `textColor.${tone}`, fontWeight: 600 };
  return <Chip size="small" label={t(`status.${status}`)} sx={sx} />;
}
