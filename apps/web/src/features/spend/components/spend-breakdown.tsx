import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SpendLine } from '@sms/contracts/usage';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/countries';
import { intlLocale } from '../../../lib/i18n/intl-locale';
import { formatMoney } from '../../../lib/money';

export type BreakdownKind = 'byCampaign' | 'byCountry' | 'byApiKey' | 'byUser';

/** One spend breakdown of the period (campaign, destination country, API key or user), costliest first. */
export function SpendBreakdown({ kind, lines, currency }: { kind: BreakdownKind; lines: SpendLine[]; currency: string }) {
  const { t, i18n } = useTranslation('spend');
  const count = new Intl.NumberFormat(intlLocale(i18n.language));
  const nameOf = (line: SpendLine) => {
    if (line.id === null) return t(`breakdown.none.${kind}`);
    if (kind === 'byCountry') return countryName(line.id, i18n.language);
    return line.name ?? t('breakdown.deleted');
  };
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography id={`spend-${kind}`} variant="h6" component="h2">
          {t(`breakdown.title.${kind}`)}
        </Typography>
        {lines.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {t('breakdown.empty')}
          </Typography>
        ) : (
          <Table size="small" aria-labelledby={`spend-${kind}`} data-testid={`spend-${kind}`}>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t(`breakdown.column.${kind}`)}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('figures.messages')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('figures.parts')}
                </TableCell>
                <TableCell component="th" scope="col" align="right">
                  {t('figures.amount')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.id ?? 'none'}>
                  <TableCell component="th" scope="row">
                    {nameOf(line)}
                  </TableCell>
                  <TableCell align="right">{count.format(line.messages)}</TableCell>
                  <TableCell align="right">{count.format(line.parts)}</TableCell>
                  <TableCell align="right">{formatMoney(line.amount, currency, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
