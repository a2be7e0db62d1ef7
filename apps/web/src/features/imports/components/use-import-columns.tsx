import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ColumnDef } from '../../../components/data-table/columns';
import type { ImportSummary } from '@sms/contracts/imports';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ImportStatusChip } from './import-status-chip';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/**
 * Columns of the import history: the file (who ran it and when on a second line, so that the
 * counts and the error file fit beside it on a laptop screen), status, counts and the error file.
 */
export function useImportColumns({ onDownload }: { onDownload: (row: ImportSummary) => void }): ColumnDef<ImportSummary>[] {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  return useMemo<ColumnDef<ImportSummary>[]>(() => {
    const number = new Intl.NumberFormat(intlLocale(language));
    const count = (key: keyof ImportSummary['counts']): ColumnDef<ImportSummary> => ({
      field: key,
      headerName: t(`counts.${key}`),
      type: 'number',
      width: 96,
      sortable: false,
      valueFormatter: (_value: unknown, row) => number.format(row.counts[key]),
    });
    return [
      {
        field: 'fileName',
        headerName: t('history.file'),
        flex: 1,
        minWidth: 210,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Link
              component={RouterLink}
              to={`${paths.contacts.upload}?import=${encodeURIComponent(row.id)}`}
              underline="hover"
              noWrap
              sx={{ fontWeight: 600, lineHeight: 1.4 }}
            >
              {row.fileName}
            </Link>
            <Typography variant="caption" color="text.secondary" noWrap data-testid="import-ran-by">
              {t('history.ranBy', {
                name: row.createdBy?.name ?? t('history.deletedUser'),
                when: formatDateTime(row.createdAt, language) ?? '',
              })}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: t('history.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <ImportStatusChip status={row.status} />,
      },
      count('rowsRead'),
      count('created'),
      count('updated'),
      count('duplicates'),
      count('rejected'),
      {
        field: 'errors',
        headerName: t('history.errorFile'),
        width: 140,
        sortable: false,
        renderCell: ({ row }) =>
          row.counts.rejected > 0 ? (
            <Button
              size="small"
              startIcon={<IconDownload size={16} aria-hidden />}
              onClick={() => onDownload(row)}
              aria-label={t('history.downloadErrorsOf', { file: row.fileName })}
            >
              {t('history.download')}
            </Button>
          ) : (
            '—'
          ),
      },
    ];
  }, [t, language, onDownload]);
}
