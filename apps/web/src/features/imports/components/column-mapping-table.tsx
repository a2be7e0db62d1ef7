import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
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
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { COLUMN_TARGETS, type ColumnChoice, type ColumnProblem, type ColumnTarget } from './mapping';

export interface ColumnMappingTableProps {
  headers: readonly string[];
  rows: readonly (readonly string[])[];
  choices: readonly ColumnChoice[];
  problems: Record<number, ColumnProblem>;
  onChange: (index: number, choice: ColumnChoice) => void;
}

/** A file column's name, what it maps to and, for a custom field, its name. */
function ColumnFields({
  index,
  label,
  choice,
  problem,
  onChange,
}: {
  index: number;
  label: string;
  choice: ColumnChoice;
  problem: ColumnProblem | undefined;
  onChange: ColumnMappingTableProps['onChange'];
}) {
  const { t } = useTranslation('imports');
  return (
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
  );
}

/** The preview: one column per file column, its target select (and custom name) above the first rows. */
export function ColumnMappingTable({ headers, rows, choices, problems, onChange }: ColumnMappingTableProps) {
  const { t } = useTranslation('imports');
  // On a phone, one card per file column with its first values: the columns, 190 px each, ran past the screen (issue 37).
  const cards = useCardLayout();
  const labelOf = (header: string, index: number) => header.trim() || t('mapping.unnamedColumn', { number: index + 1 });
  if (cards)
    return (
      <Stack
        component="ul"
        aria-label={t('mapping.tableLabel')}
        data-testid="import-mapping-table"
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
      >
        {headers.map((header, index) => (
          <Card
            component="li"
            key={index}
            variant="outlined"
            data-testid="list-card"
            sx={{ p: 1.5, minWidth: 0, bgcolor: choices[index]?.target === 'ignore' ? 'action.hover' : 'background.paper' }}
          >
            <ColumnFields
              index={index}
              label={labelOf(header, index)}
              choice={choices[index] ?? { target: 'ignore', customName: '' }}
              problem={problems[index]}
              onChange={onChange}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('mapping.firstValues')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {rows.map((row, rowIndex) => (
                <Typography component="li" variant="body2" key={rowIndex} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                  {row[index] ?? ''}
                </Typography>
              ))}
            </Box>
          </Card>
        ))}
      </Stack>
    );
  return (
    <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 560 }}>
      <Table size="small" stickyHeader aria-label={t('mapping.tableLabel')} data-testid="import-mapping-table">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 48, color: 'text.secondary' }}>{t('mapping.row')}</TableCell>
            {headers.map((header, index) => {
              const choice = choices[index] ?? { target: 'ignore', customName: '' };
              const problem = problems[index];
              const label = labelOf(header, index);
              return (
                <TableCell
                  key={index}
                  sx={{ minWidth: 190, verticalAlign: 'top', bgcolor: choice.target === 'ignore' ? 'action.hover' : 'background.paper' }}
                >
                  <ColumnFields index={index} label={label} choice={choice} problem={problem} onChange={onChange} />
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
