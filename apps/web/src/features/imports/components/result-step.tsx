import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportSummary } from '@sms/contracts/imports';
import { IconAddressBook, IconDownload, IconHistory, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useDownloadErrorFile } from '../../../api/imports/download-error-file';
import { contactsLinkForTag } from './import-options';
import { ImportCounts } from './import-counts';
import { accountedRows, countsAddUp, formatElapsed, importOutcome, rowsPerSecond } from './import-stats';
import { InternationalWarning, MostlyRejectedHint } from './import-warnings';
import { intlLocale } from '../../../lib/i18n/intl-locale';

const SEVERITY = { completed: 'success', nothingImported: 'warning', failed: 'error', cancelled: 'warning', expired: 'warning' } as const;

/** Step 4: the outcome, its counts adding up to the rows read, the error file and where to go next. */
export function ResultStep({ summary, onStartOver }: { summary: ImportSummary; onStartOver: () => void }) {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  const download = useDownloadErrorFile();
  const number = new Intl.NumberFormat(intlLocale(language));
  const { counts } = summary;
  const status = importOutcome(summary);
  const rate = rowsPerSecond(summary);
  const tag = summary.options?.tag ?? null;

  return (
    <Stack spacing={3}>
      <Alert severity={SEVERITY[status]} data-testid="import-result">
        <AlertTitle>{t(`result.${status}`)}</AlertTitle>
        {status === 'failed' && summary.errorMessage ? summary.errorMessage : t(`result.${status}Text`, { file: summary.fileName })}
      </Alert>
      <ImportCounts counts={counts} />
      <Typography data-testid="import-invariant" color={countsAddUp(counts) ? 'text.secondary' : 'error'}>
        {t('result.invariant', {
          created: number.format(counts.created),
          updated: number.format(counts.updated),
          duplicates: number.format(counts.duplicates),
          rejected: number.format(counts.rejected),
          total: number.format(accountedRows(counts)),
          rowsRead: number.format(counts.rowsRead),
        })}{' '}
        {countsAddUp(counts) ? t('result.addsUp') : t('result.doesNotAddUp')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('result.timing', {
          elapsed: formatElapsed(summary.elapsedMs) ?? '—',
          rate: rate === null ? '—' : number.format(Math.round(rate)),
        })}
      </Typography>
      {counts.rejected > 0 ? (
        <Alert
          severity="warning"
          // On a phone the download button goes under the text instead of squeezing it into a column.
          sx={{
            flexWrap: { xs: 'wrap', sm: 'nowrap' },
            '& .MuiAlert-message': { flex: 1, minWidth: 0 },
            '& .MuiAlert-action': { width: { xs: '100%', sm: 'auto' }, ml: { xs: 0, sm: 'auto' }, pt: { xs: 0, sm: 0.5 } },
          }}
          action={
            <Button
              color="inherit"
              size="small"
              startIcon={<IconDownload size={18} aria-hidden />}
              loading={download.isPending}
              onClick={() => download.mutate({ id: summary.id, errorsUrl: summary.errorsUrl })}
            >
              {t('result.downloadErrors')}
            </Button>
          }
        >
          {t('result.rejectedText', { count: counts.rejected, rejected: number.format(counts.rejected) })}
          <MostlyRejectedHint summary={summary} />
        </Alert>
      ) : null}
      <InternationalWarning summary={summary} />
      {download.isError ? <Alert severity="error">{errorMessage(download.error)}</Alert> : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        <Button component={RouterLink} to={paths.contacts.imports} color="inherit" startIcon={<IconHistory size={18} aria-hidden />}>
          {t('result.history')}
        </Button>
        <Button onClick={onStartOver} variant="outlined" startIcon={<IconUpload size={18} aria-hidden />}>
          {t('result.another')}
        </Button>
        <Button
          component={RouterLink}
          to={contactsLinkForTag(paths.contacts.list, tag)}
          variant="contained"
          startIcon={<IconAddressBook size={18} aria-hidden />}
        >
          {tag ? t('result.viewTagged', { value: tag.value }) : t('result.viewContacts')}
        </Button>
      </Stack>
    </Stack>
  );
}
