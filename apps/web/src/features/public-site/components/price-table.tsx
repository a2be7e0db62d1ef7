import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Pricing } from '@sms/contracts/public-site';
import { useTranslation } from 'react-i18next';
import { CardList } from '../../../components/card-list/card-list';
import { useCardLayout } from '../../../components/card-list/use-card-layout';
import { countryName } from '../../../lib/countries';
import { formatUnitPrice } from '../../../lib/money';

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * The price table the composer's estimate uses: the default price of a part per encoding (with the
 * characters a part holds), then the destination countries priced otherwise, by localised name.
 */
export function PriceTable({ pricing }: { pricing: Pricing }) {
  const { t, i18n } = useTranslation('public');
  const price = (value: number) => formatUnitPrice(value, pricing.currency, i18n.language);
  const countries = pricing.countryPrices
    .map((row) => ({ ...row, name: countryName(row.country, i18n.language) }))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));
  // On a phone, cards: the four columns ran past the screen (issue 37).
  const cards = useCardLayout();
  const countriesHeading = (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        {t('pricing.countriesTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('pricing.countriesDescription')}
      </Typography>
    </>
  );
  if (cards)
    return (
      <Stack spacing={3} data-testid="price-cards">
        <CardList
          rows={pricing.encodings}
          rowKey={(row) => row.encoding}
          label={t('pricing.tableLabel')}
          title={(row) => t(`pricing.encodings.${row.encoding}`)}
          fields={[
            { key: 'single', label: t('pricing.single'), render: (row) => t('pricing.characters', { count: row.single }) },
            { key: 'perPart', label: t('pricing.perPart'), render: (row) => t('pricing.characters', { count: row.perPart }) },
            { key: 'price', label: t('pricing.price'), render: (row) => price(row.price) },
          ]}
        />
        {countries.length > 0 ? (
          <div>
            {countriesHeading}
            <CardList
              rows={countries}
              rowKey={(row) => row.country}
              label={t('pricing.countriesLabel')}
              testId="country-prices"
              title={(row) => row.name}
              fields={[
                { key: 'gsm7', label: t('pricing.encodings.GSM-7'), render: (row) => price(row.gsm7) },
                { key: 'ucs2', label: t('pricing.encodings.UCS-2'), render: (row) => price(row.ucs2) },
              ]}
            />
          </div>
        ) : null}
      </Stack>
    );
  return (
    <Stack spacing={4} sx={{ maxWidth: 720 }}>
      <Table aria-label={t('pricing.tableLabel')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('pricing.encoding')}</TableCell>
            <TableCell>{t('pricing.single')}</TableCell>
            <TableCell>{t('pricing.perPart')}</TableCell>
            <TableCell sx={numeric}>{t('pricing.price')}</TableCell>
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
              <TableCell sx={numeric}>{price(row.price)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {countries.length > 0 ? (
        <div>
          {countriesHeading}
          <Table aria-label={t('pricing.countriesLabel')} data-testid="country-prices">
            <TableHead>
              <TableRow>
                <TableCell>{t('pricing.country')}</TableCell>
                <TableCell sx={numeric}>{t('pricing.encodings.GSM-7')}</TableCell>
                <TableCell sx={numeric}>{t('pricing.encodings.UCS-2')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {countries.map((row) => (
                <TableRow key={row.country}>
                  <TableCell component="th" scope="row">
                    {row.name}
                  </TableCell>
                  <TableCell sx={numeric}>{price(row.gsm7)}</TableCell>
                  <TableCell sx={numeric}>{price(row.ucs2)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      ) : null}
    </Stack>
  );
}
