import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Statement } from '@sms/contracts/statements';
import { useTranslation } from 'react-i18next';
import { useStatementFormat } from './statement-format';

/** A statement's lines (destination x encoding: messages, parts, price of a part, amount) and their total. */
export function StatementLinesTable({ statement }: { statement: Statement }) {
  const { t } = useTranslation('statements');
  const format = useStatementFormat();
  if (statement.lines.length === 0) return <Typography sx={{ p: 2 }}>{t('detail.noLines')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('detail.lines')} data-testid="statement-lines">
        <TableHead>
          <TableRow>
            <TableCell>{t('detail.columns.country')}</TableCell>
            <TableCell>{t('detail.columns.encoding')}</TableCell>
            <TableCell align="right">{t('detail.columns.messages')}</TableCell>
            <TableCell align="right">{t('detail.columns.parts')}</TableCell>
            <TableCell align="right">{t('detail.columns.unitPrice')}</TableCell>
            <TableCell align="right">{t('detail.columns.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {statement.lines.map((line) => (
            <TableRow key={`${line.country ?? '-'}/${line.encoding}`}>
              <TableCell>{format.country(line.country)}</TableCell>
              <TableCell dir="ltr">{line.encoding}</TableCell>
              <TableCell align="right">{line.messages}</TableCell>
              <TableCell align="right">{line.parts}</TableCell>
              <TableCell align="right">{format.unitPrice(line.unitPrice, statement.currency)}</TableCell>
              <TableCell align="right">{format.money(line.amount, statement.currency)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={5} sx={{ fontWeight: 600 }}>
              {t('detail.usageTotal')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="statement-usage-total">
              {format.money(statement.usageTotal, statement.currency)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </TableContainer>
  );
}
