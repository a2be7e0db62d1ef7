import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import type { FaqTableText } from './faq-tables';
import { Highlighted } from './highlighted';

const code = { fontFamily: 'monospace', textAlign: 'start' } as const;

/** A reference table under an answer; its first cell heads the row, codes stay left-to-right. */
export function FaqTableView({ table, label, terms }: { table: FaqTableText; label: string; terms: readonly string[] }) {
  // On a phone, cards: a row's first cell heads its card, the other cells are its labelled lines (issue 37).
  const cards = useCardLayout();
  const cell = (row: readonly string[], index: number) =>
    index === table.codeColumn ? (
      <Box component="span" dir="ltr" sx={{ fontFamily: 'monospace' }}>
        <Highlighted text={row[index] ?? ''} terms={terms} />
      </Box>
    ) : (
      <Highlighted text={row[index] ?? ''} terms={terms} />
    );
  if (cards)
    return (
      <CardList<string[]>
        rows={table.rows}
        rowKey={(row) => row[0] ?? ''}
        label={label}
        title={(row) => cell(row, 0)}
        fields={table.columns.slice(1).map((column, at) => ({ key: column, label: column, render: (row) => cell(row, at + 1) }))}
      />
    );
  return (
    <TableContainer sx={{ mb: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column} component="th" scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row[0]}>
              {row.map((cell, index) => (
                <TableCell
                  key={index}
                  {...(index === 0 ? { component: 'th' as const, scope: 'row' } : {})}
                  {...(index === table.codeColumn ? { dir: 'ltr' } : {})}
                  sx={index === table.codeColumn ? { ...code, whiteSpace: index === 0 ? 'nowrap' : 'normal' } : undefined}
                >
                  <Highlighted text={cell} terms={terms} />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
