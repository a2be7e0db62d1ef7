import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CUSTOM_FIELD_NAME_MAX } from '@sms/contracts/imports';
import { useTranslation } from 'react-i18next';
import { COLUMN_TARGETS, type ColumnChoice, type ColumnProblem, type ColumnTarget } from './mapping';

export interface ColumnMappingTableProps {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  choices: readonly ColumnChoice[];
  problems: Record<number, ColumnProblem>;
  onChange: (index: number, choice: ColumnChoice) => void;
}

/** The preview: one column per file column, its target select (and custom name) above the first rows. */
export function ColumnMappingTable({ headers, rows, choices, problems, onChange }: ColumnMappingTableProps) {
  const { t } = useTranslation('imports');
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 560 }}>
      <Table size="small" stickyHeader aria-label={t('mapping.tableLabel')} data-testid="import-mapping-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48, color: 'text.secondary' }}>{t('mapping.row')}</TableCell>
            {headers.map((header, index) => {
              const choice = choices[index] ?? { target: 'ignore', customName: '' };
              const problem = problems[index];
              const label = header.trim() || t('mapping.unnamedColumn', { number: index + 1 });
              return (
                <TableCell
                  key={index}
                  sx={{ minWidth: 190, verticalAlign: 'top', bgcolor: choice.target === 'ignore' ? 'action.hover' : 'background.paper' }}
                >
                  <Stack spacing={1}>
                    <Typography variant="subtitle2" noWrap title={label}>
                      {label}
                    </Typography>
                    <TextField
                      select
                      size="small"
                      label={t('mapping.mapTo')}
                      value={choice.target}
                      onChange={(event) => onChange(index, { ...choice, target: event.target.value as ColumnTarget })}
                      error={problem === 'duplicateTarget'}
                      helperText={problem === 'duplicateTarget' ? t('mapping.problems.duplicateTarget') : undefined}
                      slotProps={{
                        select: {
                          SelectDisplayProps: {
                            'aria-label': t('mapping.mapColumn', { column: label }),
                            'data-testid': `map-column-${index}`,
                          } as object,
                        },
                      }}
                    >
                      {COLUMN_TARGETS.map((target) => (
                        <MenuItem key={target} value={target}>
                          {t(`targets.${target}`)}
                        </MenuItem>
                      ))}
                    </TextField>
                    {choice.target === 'custom' ? (
                      <TextField
                        size="small"
                        label={t('mapping.customName')}
                        value={choice.customName}
                        onChange={(event) => onChange(index, { ...choice, customName: event.target.value })}
                        error={problem === 'customNameRequired' || problem === 'customNameTooLong'}
                        helperText={
                          problem === 'customNameRequired' || problem === 'customNameTooLong'
                            ? t(`mapping.problems.${problem}`, { max: CUSTOM_FIELD_NAME_MAX })
                            : undefined
                        }
                        slotProps={{ htmlInput: { maxLength: CUSTOM_FIELD_NAME_MAX + 1 } }}
                      />
                    ) : null}
                  </Stack>
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, rowIndex) => (
            <TableRow key={rowIndex}>
              <TableCell sx={{ color: 'text.secondary' }}>{rowIndex + 1}</TableCell>
              {headers.map((_header, index) => (
                <TableCell
                  key={index}
                  dir="auto"
                  sx={{
                    maxWidth: 260,
                    whiteSpace: 'nowrap',
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    color: choices[index]?.target === 'ignore' ? 'text.secondary' : 'text.primary',
                  }}
                  title={row[index] ?? ''}
                >
                  {row[index] ?? ''}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
