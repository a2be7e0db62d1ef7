import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import type { ImportSummary } from '@sms/contracts/imports';
import { IconDownload } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../../components/date-time';
import { paths } from '../../../config/paths';
import { useLanguage } from '../../../lib/i18n/use-language';
import { ImportStatusChip } from './import-status-chip';

/** Columns of the import history: file, who, when, status, counts and the error file. */
export function useImportColumns({ onDownload }: { onDownload: (row: ImportSummary) => void }): GridColDef<ImportSummary>[] {
  const { t } = useTranslation('imports');
  const { language } = useLanguage();
  return useMemo<GridColDef<ImportSummary>[]>(() => {
    const number = new Intl.NumberFormat(language);
    const count = (key: keyof ImportSummary['counts']): GridColDef<ImportSummary> => ({
      field: key,
      headerName: t(`counts.${key}`),
      type: 'number',
      width: 110,
      sortable: false,
      valueGetter: (_value, row) => row.counts[key],
      valueFormatter: (value: number) => number.format(value),
    });
    return [
      {
        field: 'fileName',
        headerName: t('history.file'),
        flex: 1,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Link component={RouterLink} to={`${paths.contacts.upload}?import=${encodeURIComponent(row.id)}`} underline="hover" noWrap sx={{ fontWeight: 600 }}>
            {row.fileName}
          </Link>
        ),
      },
      { field: 'createdBy', headerName: t('history.by'), width: 150, sortable: false, valueGetter: (_value, row) => row.createdBy?.name ?? t('history.deletedUser') },
      { field: 'createdAt', headerName: t('history.when'), width: 180, sortable: false, valueFormatter: (value: string) => formatDateTime(value, language) ?? '' },
      { field: 'status', headerName: t('history.status'), width: 130, sortable: false, renderCell: ({ row }) => <ImportStatusChip status={row.status} /> },
      count('rowsRead'),
      count('created'),
      count('updated'),
      count('duplicates'),
      count('rejected'),
      {
        field: 'errors',
        headerName: t('history.errorFile'),
        width: 150,
        sortable: false,
        renderCell: ({ row }) =>
          row.counts.rejected > 0 ? (
            <Button size="small" startIcon={<IconDownload size={16} aria-hidden />} onClick={() => onDownload(row)} aria-label={t('history.downloadErrorsOf', { file: row.fileName })}>
              {t('history.download')}
            </Button>
          ) : (
            '—'
          ),
      },
    ];
  }, [t, language, onDownload]);
}
