import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CampaignProgress } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../components/date-time';
import { useLanguage } from '../../../../lib/i18n/use-language';
import { useReasonTexts } from '../../../../lib/messaging/reason-text';
import { intlLocale } from '../../../../lib/i18n/intl-locale';

/** The latest distinct errors with how often each happened (newest first). */
export function RecentErrors({ errors }: { errors: CampaignProgress['recentErrors'] }) {
  const { t } = useTranslation('campaigns');
  const { language } = useLanguage();
  const reasons = useReasonTexts();
  const number = new Intl.NumberFormat(intlLocale(language));
  if (errors.length === 0) return null;
  return (
    <div>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('detail.recentErrors')}
      </Typography>
      <Table size="small" aria-label={t('detail.recentErrors')} data-testid="recent-errors">
        <TableHead>
          <TableRow>
            <TableCell>{t('detail.errorCode')}</TableCell>
            <TableCell>{t('detail.errorText')}</TableCell>
            <TableCell align="right">{t('detail.errorCount')}</TableCell>
            <TableCell>{t('detail.errorLast')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {errors.map((error) => (
            <TableRow key={`${error.code}-${error.text ?? ''}`}>
              <TableCell sx={{ fontFamily: 'monospace' }}>{error.code}</TableCell>
              <TableCell>{reasons.messageError(error.code, error.text)}</TableCell>
              <TableCell align="right">{number.format(error.count)}</TableCell>
              <TableCell>{formatDateTime(error.lastAt, language) ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
