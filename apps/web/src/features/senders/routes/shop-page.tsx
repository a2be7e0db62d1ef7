import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NUMBER_TYPES, type AvailableNumbersQuery, type NumberType } from '@sms/contracts/senders';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useGatewayOptions } from '../../../api/gateways/get-gateways';
import { useNumberSearch } from '../../../api/senders/search-numbers';
import { AccessDenied } from '../../../components/access-denied';
import { InputField } from '../../../components/forms/input-field';
import { PageContainer } from '../../../components/page-container';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useAbility } from '../../../lib/permissions/use-ability';

/** The checkout's address for one number on offer (the price shown is the search's). */
function checkoutLink(query: AvailableNumbersQuery, phoneNumber: string, price: { monthly: string; unit: string } | null): string {
  const params = new URLSearchParams({ gateway: query.gatewayId, number: phoneNumber, country: query.country, type: query.type });
  if (price) params.set('price', `${price.monthly} ${price.unit}`);
  return `${paths.senders.checkout}?${params}`;
}

/** /apps/ecommerce/shop: search the numbers a Twilio gateway's account may buy (country, type, pattern). */
export default function ShopPage() {
  const { t } = useTranslation('senders');
  const ability = useAbility();
  const gateways = (useGatewayOptions().data ?? []).filter((gateway) => gateway.kind === 'twilio');
  const [form, setForm] = useState({ gatewayId: '', country: 'US', type: 'local' as NumberType, contains: '' });
  const [query, setQuery] = useState<AvailableNumbersQuery | null>(null);
  const search = useNumberSearch(query);
  if (!ability.can('create', 'Sender')) return <AccessDenied ns="senders" />;
  const gatewayId = form.gatewayId || gateways[0]?.id || '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery({
      gatewayId,
      country: form.country.trim().toUpperCase(),
      type: form.type,
      ...(form.contains.trim() ? { contains: form.contains.trim() } : {}),
    });
  };
  return (
    <PageContainer title={t('shop.title')} description={t('shop.description')}>
      <Stack spacing={2}>
        {gateways.length === 0 ? <Alert severity="info">{t('shop.noTwilio')}</Alert> : null}
        <Card>
          <CardContent>
            <Stack component="form" direction={{ xs: 'column', md: 'row' }} spacing={2} onSubmit={submit} aria-label={t('shop.search')}>
              <TextField
                select
                label={t('fields.gateway')}
                value={gatewayId}
                onChange={(e) => setForm({ ...form, gatewayId: e.target.value })}
                sx={{ minWidth: 180 }}
              >
                {gateways.map((gateway) => (
                  <MenuItem key={gateway.id} value={gateway.id}>
                    {gateway.name}
                  </MenuItem>
                ))}
              </TextField>
              <InputField
                label={t('fields.country')}
                value={form.country}
                onChange={(e) => setForm({ ...form, country: e.target.value })}
                helperText={t('shop.countryHint')}
              />
              <TextField
                select
                label={t('fields.numberType')}
                value={form.type}
                onChange={(e) => setForm({ ...form, type: e.target.value as NumberType })}
                sx={{ minWidth: 160 }}
              >
                {NUMBER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`numberType.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
              <InputField
                label={t('shop.contains')}
                value={form.contains}
                onChange={(e) => setForm({ ...form, contains: e.target.value })}
                helperText={t('shop.containsHint')}
              />
              <Button type="submit" variant="contained" disabled={!gatewayId}>
                {t('shop.search')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
        {search.isError ? <Alert severity="error">{errorMessage(search.error)}</Alert> : null}
        {search.data && query ? (
          <Card>
            <CardContent>
              {search.data.price ? (
                <Alert severity="info">{t('shop.price', { price: `${search.data.price.monthly} ${search.data.price.unit}` })}</Alert>
              ) : null}
              {search.data.data.length === 0 ? <Alert severity="warning">{t('shop.none')}</Alert> : null}
              <List data-testid="available-numbers">
                {search.data.data.map((number) => (
                  <ListItem
                    key={number.phoneNumber}
                    divider
                    secondaryAction={
                      <Button component={RouterLink} to={checkoutLink(query, number.phoneNumber, search.data.price)} variant="outlined">
                        {t('shop.choose', { number: number.phoneNumber })}
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={<span dir="ltr">{number.friendlyName}</span>}
                      secondary={[
                        number.locality,
                        number.region,
                        number.capabilities.sms ? 'SMS' : null,
                        number.capabilities.mms ? 'MMS' : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            </CardContent>
          </Card>
        ) : null}
      </Stack>
    </PageContainer>
  );
}
