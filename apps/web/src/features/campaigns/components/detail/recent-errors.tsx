import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CampaignProgress } from '@sms/contracts/campaigns';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../../components/card-list/card-list';
import { useCardLayout } from '../../../../components/card-list/use-card-layout';
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
  // On a phone, cards: the four columns ran past the screen (issue 37).
  const cards = useCardLayout();
  if (errors.length === 0) return null;
  return (
    <div>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('detail.recentErrors')}
      </Typography>
      {cards ? (
        <CardList
          rows={errors}
          rowKey={(error) => `${error.code}-${error.text ?? ''}`}
          label={t('detail.recentErrors')}
          testId="recent-errors"
          title={(error) => (
            <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
              {error.code}
            </Box>
          )}
          fields={[
            { key: 'text', label: t('detail.errorText'), render: (error) => reasons.messageError(error.code, error.text) },
            { key: 'count', label: t('detail.errorCount'), render: (error) => number.format(error.count) },
            { key: 'last', label: t('detail.errorLast'), render: (error) => formatDateTime(error.lastAt, language) ?? '' },
          ]}
        />
      ) : (
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
      )}
    </div>
  );
}
