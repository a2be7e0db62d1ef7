import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Pricing } from '@sms/contracts/public-site';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/intl-locale';

/** What one text message costs per encoding: the price of a part and how many characters a part holds. */
export function PriceTable({ pricing }: { pricing: Pricing }) {
  const { t, i18n } = useTranslation('public');
  const money = new Intl.NumberFormat(intlLocale(i18n.language), {
    style: 'currency',
    currency: pricing.currency,
    maximumFractionDigits: 4,
  });
  return (
    <Table aria-label={t('pricing.tableLabel')} sx={{ maxWidth: 720 }}>
      <TableHead>
        <TableRow>
          <TableCell>{t('pricing.encoding')}</TableCell>
          <TableCell>{t('pricing.single')}</TableCell>
          <TableCell>{t('pricing.perPart')}</TableCell>
          <TableCell>{t('pricing.price')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {pricing.encodings.map((row) => (
          <TableRow key={row.encoding}>
            <TableCell component="th" scope="row">
              {t(`pricing.encodings.${row.encoding}`)}
            </TableCell>
            <TableCell>{t('pricing.characters', { count: row.single })}</TableCell>
            <TableCell>{t('pricing.characters', { count: row.perPart })}</TableCell>
            <TableCell>{money.format(pricing.pricePerSegment)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
